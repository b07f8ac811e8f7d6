// Live sessions are kept in memory for a few seconds (src/server/db/queries/session-cache.ts):
// a revocation must still end a session at once in the process that made it,
// and within a moment in every other process, however it was written (the
// cache keeps a session for ten seconds, so only the trigger's NOTIFY can make
// the polls below pass).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeUser } from '../admin/admin-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { spawnServerProcess } from '../socket-helpers';

// Well inside the cache's ten seconds, with room for a busy machine.
const fast = { timeout: 3000, interval: 50 };

describe('a cached session', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(async () => srv?.dispose());

  const info = (headers: Record<string, string>) => srv.call('GET', '/api/user/info', undefined, headers);

  it('is kept between requests, and ends with a revocation written by any hand', async () => {
    const u = await createUserWithToken(srv, 'cached@example.com');
    expect((await info(u.headers)).status).toBe(200);
    const { db } = srv.runtime.database;
    // Without the trigger, a revocation written straight to the table goes unseen while the session is cached.
    await db.execute(sql`alter table sessions disable trigger sessions_revoked`);
    await db.execute(sql`update sessions set revoked_at = now() where user_id = ${u.id}`);
    expect((await info(u.headers)).status).toBe(200);
    await db.execute(sql`alter table sessions enable trigger sessions_revoked`);
    await db.execute(sql`update sessions set revoked_at = now() where user_id = ${u.id}`);
    await expect.poll(async () => (await info(u.headers)).status, fast).toBe(401);
  });

  it('ends at once on logout, in the process that logged out', async () => {
    const u = await createUserWithToken(srv, 'leaving-now@example.com');
    expect((await info(u.headers)).status).toBe(200);
    await srv.call('POST', '/api/user/logout', undefined, u.headers);
    expect((await info(u.headers)).status).toBe(401);
  });
});

describe.skipIf(!inject('postgresUrl'))('a cached session across processes', () => {
  let one: TestServer;
  let two: Awaited<ReturnType<typeof spawnServerProcess>>;
  beforeAll(async () => {
    one = await startTestServer();
    const env = one.runtime.env;
    two = await spawnServerProcess({ NODE_ENV: 'test', DATABASE_URL: env.DATABASE_URL ?? '', DATA_DIR: env.DATA_DIR });
  }, 60_000);
  afterAll(async () => {
    await two?.stop();
    await one?.dispose();
  });

  const infoAt = async (base: string, headers: Record<string, string>) =>
    (await fetch(`${base}/api/user/info`, { headers })).status;

  it('ends on the other process within seconds of a logout', async () => {
    const u = await createUserWithToken(one, 'two-places@example.com');
    expect(await infoAt(two.url, u.headers)).toBe(200);
    expect(await infoAt(two.url, u.headers)).toBe(200);
    await one.call('POST', '/api/user/logout', undefined, u.headers);
    await expect.poll(() => infoAt(two.url, u.headers), fast).toBe(401);
  });

  it('ends on the other process within seconds of a ban in the console', async () => {
    const u = await createUserWithToken(one, 'banned-there@example.com');
    expect(await infoAt(two.url, u.headers)).toBe(200);
    const { setBanned } = await import('../../../src/server/services/account/console-users');
    // The console acts on a plain user only for a staff member (services/admin/hierarchy.ts).
    const staff = await makeUser(one, 'ban-admin@example.com', 'operator');
    const actor = { userId: staff.id, email: 'ban-admin@example.com', ip: '127.0.0.1' };
    await setBanned(one.runtime.database.db, { actor, userId: u.id, reason: 'test', requestId: 'ban-1' }, true);
    await expect.poll(() => infoAt(two.url, u.headers), fast).toBe(401);
  });
});
