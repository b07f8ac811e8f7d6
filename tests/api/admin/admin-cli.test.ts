import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../../src/server/cli/admin';
import { openDatabase } from '../../../src/server/db/client';
import { users } from '../../../src/server/db/schema';
import { TEST_PROCESS_FLAGS } from '../../fixtures/node-flags';
import { createTestDatabase } from '../helpers';

const run = promisify(execFile);

describe('admin command', () => {
  it('grants, lists and revokes console roles; the real command reads the same rows', async () => {
    const tdb = await createTestDatabase();
    const database = await openDatabase({ dataDir: tdb.dataDir, databaseUrl: tdb.databaseUrl });
    try {
      const { db } = database;
      await db.insert(users).values([{ email: 'Boss@Example.com' }, { email: 'help@example.com' }]);
      expect(await runAdminCommand(db, ['grant', 'boss@example.com', 'admin'])).toBe('Boss@Example.com: admin\n');
      await runAdminCommand(db, ['grant', 'help@example.com', 'operator']);
      await expect(runAdminCommand(db, ['grant', 'help@example.com', 'root'])).rejects.toThrow(/usage/);
      await expect(runAdminCommand(db, ['grant', 'nobody@example.com', 'admin'])).rejects.toThrow(/no account/);
      await expect(runAdminCommand(db, ['drop'])).rejects.toThrow(/usage/);
      expect(await runAdminCommand(db, ['list'])).toBe('admin\tBoss@Example.com\noperator\thelp@example.com\n');
      expect(await runAdminCommand(db, ['reset-totp', 'help@example.com'])).toMatch(/two-factor reset/);
      await expect(runAdminCommand(db, ['reset-totp', 'nobody@example.com'])).rejects.toThrow(/no console account/);
      // Recovery when every admin is banned: the command line lifts the ban.
      await db.update(users).set({ bannedAt: new Date() }).where(eq(users.email, 'Boss@Example.com'));
      expect(await runAdminCommand(db, ['unban', 'boss@example.com'])).toBe('Boss@Example.com: unbanned\n');
      const [boss] = await db.select().from(users).where(eq(users.email, 'Boss@Example.com'));
      expect(boss?.bannedAt).toBeNull();
      await expect(runAdminCommand(db, ['unban', 'nobody@example.com'])).rejects.toThrow(/no account/);
      await runAdminCommand(db, ['revoke', 'help@example.com']);
      const [help] = await db.select().from(users).where(eq(users.email, 'help@example.com'));
      expect(help?.role).toBe('user');
    } finally {
      await database.close();
    }
    try {
      // One real process: the npm script's entry point, on the database the function just changed.
      const env = { ...process.env, DATA_DIR: tdb.dataDir, LOG_LEVEL: 'silent', DATABASE_URL: tdb.databaseUrl ?? '' };
      if (!tdb.databaseUrl) delete (env as Record<string, string | undefined>).DATABASE_URL;
      const { stdout } = await run(
        process.execPath,
        [...TEST_PROCESS_FLAGS, '--import', 'tsx', 'src/server/cli/admin.ts', 'list'],
        { env },
      );
      expect(stdout).toBe('admin\tBoss@Example.com\n');
    } finally {
      await tdb.drop();
    }
  }, 120_000);
});
