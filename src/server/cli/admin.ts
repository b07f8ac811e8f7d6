/**
 * Console roles from the command line (the first admin, and recovery):
 *
 *   npm run admin -- grant <email> admin|operator
 *   npm run admin -- revoke <email>
 *   npm run admin -- list
 *   npm run admin -- reset-totp <email>     (a lost authenticator: the account enrols again)
 *   npm run admin -- unban <email>          (lifts a ban, e.g. of an admin another admin banned)
 *
 * The command line stands outside the console's hierarchy: it is the recovery
 * path when no admin can sign in.
 * With the embedded database (no DATABASE_URL) stop the server first: PGlite
 * allows one process. docs/console.md describes the console.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Role } from '../../shared/admin';
import { loadEnv } from '../config/env';
import type { Db } from '../db/client';
import { openDatabase } from '../db/client';
import { listStaff, setRole, unbanByEmail } from '../services/admin/roles';
import { resetTotp } from '../services/admin/totp';

const USAGE = 'usage: admin grant <email> admin|operator | revoke <email> | reset-totp <email> | unban <email> | list';

/** Runs one command on `db` and answers its output (tests call this in-process). */
export async function runAdminCommand(db: Db, args: string[]): Promise<string> {
  const [command, email, role] = args;
  if (command === 'list') {
    const rows = await listStaff(db);
    return rows.map((r) => `${r.role}\t${r.email ?? `#${r.id}`}\n`).join('') || 'no console accounts\n';
  }
  if (command === 'reset-totp' && email) {
    const [user] = await findStaff(db, email);
    if (!user) throw new Error(`no console account with e-mail ${email}`);
    await resetTotp(db, user.id);
    return `${user.email}: two-factor reset, enrols at the next console visit\n`;
  }
  if (command === 'unban' && email) {
    const row = await unbanByEmail(db, email);
    if (!row) throw new Error(`no account with e-mail ${email}`);
    return `${row.email}: unbanned\n`;
  }
  if (command === 'grant' || command === 'revoke') {
    if (!email) throw new Error(USAGE);
    if (command === 'grant' && role !== 'admin' && role !== 'operator') throw new Error(USAGE);
    const next: Role = command === 'grant' ? (role as Role) : 'user';
    const row = await setRole(db, email, next);
    if (!row) throw new Error(`no account with e-mail ${email}`);
    return `${row.email}: ${next}\n`;
  }
  throw new Error(USAGE);
}

async function findStaff(db: Db, email: string) {
  const staff = await listStaff(db);
  return staff.filter((s) => s.email?.toLowerCase() === email.trim().toLowerCase());
}

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    process.stdout.write(await runAdminCommand(database.db, process.argv.slice(2)));
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: Error) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  });
}
