import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { adminTotp, users } from '../../../src/server/db/schema';
import type { Role } from '../../../src/shared/admin';
import { createUserWithToken, type TestServer } from '../helpers';

export interface Staff {
  id: number;
  token: string;
  headers: Record<string, string>;
  /** Cookie header of the console session, once opened. */
  cookie: string;
}

/** A user with the given role and a live login session (the CLI's grant is tested on its own). */
export async function makeUser(srv: TestServer, email: string, role: Role = 'user') {
  const u = await createUserWithToken(srv, email);
  if (role !== 'user') await srv.runtime.database.db.update(users).set({ role }).where(eq(users.id, u.id));
  return u;
}

/** Opens a console session with the login token: the cookie, or '' when refused. */
export async function openConsole(srv: TestServer, token: string): Promise<{ status: number; cookie: string }> {
  const res = await srv.call('POST', '/api/admin/session', undefined, { authorization: `Bearer ${token}` });
  const set = res.headers.get('set-cookie') ?? '';
  return { status: res.status, cookie: set.split(';')[0] ?? '' };
}

/** A code for the account's secret, `steps` time steps ahead (a code is accepted once). */
export async function codeFor(srv: TestServer, userId: number, steps = 0) {
  const [row] = await srv.runtime.database.db.select().from(adminTotp).where(eq(adminTotp.userId, userId));
  if (!row) throw new Error('not enrolled');
  return generate({ secret: row.secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** A console account that enrolled TOTP and is verified in its session. */
export async function makeStaff(srv: TestServer, email: string, role: Role): Promise<Staff> {
  const u = await makeUser(srv, email, role);
  const { cookie } = await openConsole(srv, u.token);
  const enrol = await srv.call('POST', '/api/admin/totp/enrol', undefined, { cookie });
  if (enrol.body.code !== 200) throw new Error(`enrol: ${JSON.stringify(enrol.body)}`);
  const res = await srv.call('POST', '/api/admin/totp/confirm', { code: await codeFor(srv, u.id) }, { cookie });
  if (res.body.code !== 200) throw new Error(`confirm: ${JSON.stringify(res.body)}`);
  return { ...u, cookie };
}

export const requestId = () => crypto.randomUUID();
