// The day's free videos are console settings (docs/console.md): a change there takes effect on the
// next submit and quota read, for users and members alike, over the environment's defaults.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTotp, users } from '../../../src/server/db/schema';
import { codeFor, makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { VIDEO_TEST_ENV } from './video-helpers';

let srv: TestServer;
let admin: Staff;
beforeAll(async () => {
  srv = await startTestServer({ ...VIDEO_TEST_ENV, VIDEO_FREE_DAILY: '1', VIDEO_MEMBER_FREE_DAILY: '3' });
  admin = await makeStaff(srv, 'video-quota-admin@example.com', 'admin');
}, 60_000);
afterAll(() => srv?.dispose());

const quota = async (headers: Record<string, string>) =>
  (await srv.call('GET', '/api/video/quota', undefined, headers)).body.data as { freeLimit: number; freeLeft: number };
/** The console's save, with a fresh code: a code is accepted once, so the last step is forgotten first. */
async function save(values: Record<string, number>) {
  await srv.runtime.database.db.update(adminTotp).set({ lastStep: null }).where(eq(adminTotp.userId, admin.id));
  const body = { values, requestId: requestId(), code: await codeFor(srv, admin.id) };
  return srv.call('POST', '/api/admin/settings', body, { cookie: admin.cookie });
}
const submit = (headers: Record<string, string>, prompt: string) =>
  srv.call('POST', '/api/video/submit', { prompt }, headers);

describe('free videos a day from the console', () => {
  it('uses the console values over the environment for users and members', async () => {
    const u = await createUserWithToken(srv, 'video-quota-user@example.com');
    const member = await createUserWithToken(srv, 'video-quota-member@example.com');
    await srv.runtime.database.db
      .update(users)
      .set({ vipType: 1, endDate: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, member.id));
    expect((await quota(u.headers)).freeLimit).toBe(1);
    expect((await quota(member.headers)).freeLimit).toBe(3);

    const saved = await save({ VIDEO_FREE_DAILY: 2, VIDEO_MEMBER_FREE_DAILY: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    expect(await quota(u.headers)).toMatchObject({ freeLimit: 2, freeLeft: 2 });
    expect((await submit(u.headers, '第一个')).body.code).toBe(1000000);
    expect((await submit(u.headers, '第二个，超过环境的一个')).body.code).toBe(1000000);
    const past = await submit(u.headers, '第三个');
    expect(past.body).toMatchObject({ code: 429, data: { quota: { freeLimit: 2, freeLeft: 0 } } });

    expect((await quota(member.headers)).freeLimit).toBe(0);
    expect((await submit(member.headers, '会员的一个')).body.code).toBe(429);
  });

  it('refuses a value out of bounds with a translated 400 and keeps the old one', async () => {
    const res = await save({ VIDEO_FREE_DAILY: 1001 });
    expect(res.status).toBe(400);
    expect(res.body.result).toMatch(/\S/);
    const u = await createUserWithToken(srv, 'video-quota-later@example.com');
    expect((await quota(u.headers)).freeLimit).toBe(2);
  });
});
