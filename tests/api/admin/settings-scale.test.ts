// A setting changed through one server process applies on a second process
// on the same PostgreSQL within a second, without a restart: the settings
// cache of each process is dropped over NOTIFY (its safety-net expiry is a
// minute, so only the notification can make the poll below pass).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminTotp } from '../../../src/server/db/schema';
import { startTestServer, type TestServer } from '../helpers';
import { spawnServerProcess } from '../socket-helpers';
import { codeFor, makeStaff, requestId, type Staff } from './admin-helpers';

describe.skipIf(!inject('postgresUrl'))('site settings across processes', () => {
  let one: TestServer;
  let two: Awaited<ReturnType<typeof spawnServerProcess>>;
  let admin: Staff;

  beforeAll(async () => {
    one = await startTestServer({ CHAT_FREE_VISITOR_DAILY: '10', COUPON_DAILY_LIMIT: '50' });
    const env = one.runtime.env;
    two = await spawnServerProcess({
      NODE_ENV: 'test',
      DATABASE_URL: env.DATABASE_URL ?? '',
      DATA_DIR: env.DATA_DIR,
      CHAT_FREE_VISITOR_DAILY: '10',
      COUPON_DAILY_LIMIT: '50',
    });
    admin = await makeStaff(one, 'scale-settings@example.com', 'admin');
  }, 60_000);
  afterAll(async () => {
    await two?.stop();
    await one?.dispose();
  });

  const quotaOnTwo = async () => {
    const res = await fetch(`${two.url}/api/chat/quota`);
    return ((await res.json()) as { data: { limit: number } }).data.limit;
  };
  const couponLimitOnTwo = async () => {
    const res = await fetch(`${two.url}/api/coupon/draw/list/48`);
    return ((await res.json()) as { data: { dailyLimit: number } }).data.dailyLimit;
  };

  async function save(values: Record<string, unknown>) {
    await one.runtime.database.db.update(adminTotp).set({ lastStep: null }).where(eq(adminTotp.userId, admin.id));
    const code = await codeFor(one, admin.id);
    const res = await one.call(
      'POST',
      '/api/admin/settings',
      { values, requestId: requestId(), code },
      { cookie: admin.cookie },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  it('applies a change and a reset on the other process within a second', async () => {
    // The second process has read (and cached) the defaults before the change.
    await expect.poll(quotaOnTwo).toBe(10);
    expect(await couponLimitOnTwo()).toBe(50);

    await save({ CHAT_FREE_VISITOR_DAILY: 3, COUPON_DAILY_LIMIT: 5 });
    await expect.poll(quotaOnTwo, { timeout: 1000, interval: 50 }).toBe(3);
    await expect.poll(couponLimitOnTwo, { timeout: 1000, interval: 50 }).toBe(5);

    await save({ CHAT_FREE_VISITOR_DAILY: null });
    await expect.poll(quotaOnTwo, { timeout: 1000, interval: 50 }).toBe(10);
    expect(await couponLimitOnTwo()).toBe(5);
  });
});
