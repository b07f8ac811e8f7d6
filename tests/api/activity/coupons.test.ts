import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponClaims, couponDays, siteSettings, users } from '../../../src/server/db/schema';
import { forgetSettings } from '../../../src/server/services/site-settings';
import { endOfDay } from '../../../src/shared/site-time';
import type { TestServer } from '../helpers';
import { clockAt, quickUsers, siteInstant, TZ } from './activity-fixtures';
import { startActivityServer } from './activity-server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startActivityServer({ COUPON_DAILY_LIMIT: '50', SITE_TIME_ZONE: TZ, COUPON_OPEN_HOUR: '12' });
});
afterAll(() => srv?.dispose());

let batch = 0;
const oneUser = async () =>
  (await quickUsers(srv, `claimer${++batch}-`, 1))[0] as Awaited<ReturnType<typeof quickUsers>>[0];
const claim = (at: number, headers: Record<string, string> = {}) =>
  srv.call('GET', '/api/coupon/draw/48', undefined, { ...headers, ...clockAt(at) });
async function userRow(id: number) {
  const [u] = await srv.runtime.database.db.select().from(users).where(eq(users.id, id));
  return u;
}

describe('daily coupon 48', () => {
  it('asks visitors to log in (1000001)', async () => {
    const res = await claim(siteInstant(1, 12, 30));
    expect(res.body).toMatchObject({ code: 1000001, result: '您还没有登录，请先登录' });
  });

  it('refuses claims before 12:00 and reports the window', async () => {
    const u = await oneUser();
    const at = siteInstant(1, 11, 59, 59);
    const res = await claim(at, u.headers);
    expect(res.body.code).toBe(1000801);
    expect(res.body.result).toContain('12:00');
    const list = await srv.call('GET', '/api/coupon/draw/list/48', undefined, { ...u.headers, ...clockAt(at) });
    expect(list.body.code).toBe(200);
    expect(list.body.data).toMatchObject({ open: false, isDraw: false, leftDailyLimit: 50, lstAiUserCoupon: [] });
    expect(list.body.data.opensAt).toBe(siteInstant(1, 12));
    expect(Math.abs(list.body.data.serverTime - at)).toBeLessThan(2000);
    expect((await userRow(u.id))?.vipType).toBeNull();
  });

  it('from 12:00 on credits one claim per user and day, valid until the end of the day', async () => {
    const u = await oneUser();
    const at = siteInstant(2, 12, 0, 1);
    const first = await claim(at, u.headers);
    expect(first.body.code).toBe(1000000);
    expect(first.body.result).toBe('领取成功，已发放至您的账户，仅限当日使用');
    expect(first.body.data.coupon.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(first.body.data.leftDailyLimit).toBe(49);
    const row = await userRow(u.id);
    expect(row?.vipType).toBe(1);
    expect(row?.endDate?.getTime()).toBe(endOfDay(at, TZ));

    const again = await claim(at + 60_000, u.headers);
    expect(again.body.code).toBe(1000803);
    expect(again.body.data.code).toBe(first.body.data.coupon.code);

    const list = await srv.call('GET', '/api/coupon/draw/list/48', undefined, { ...u.headers, ...clockAt(at) });
    expect(list.body.data).toMatchObject({ isDraw: true, leftDailyLimit: 49, open: true });
    expect(list.body.data.lstAiUserCoupon).toHaveLength(1);
    const left = await srv.call('GET', '/api/coupon/draw/left/48', undefined, clockAt(at));
    expect(left.body).toMatchObject({ code: 200, data: { leftDailyLimit: 49 } });

    // A new day is a new pool and a new chance.
    const tomorrow = await claim(siteInstant(3, 12, 5), u.headers);
    expect(tomorrow.body.code).toBe(1000000);
    const list2 = await srv.call('GET', '/api/coupon/draw/list/48', undefined, {
      ...u.headers,
      ...clockAt(siteInstant(3, 13)),
    });
    expect(list2.body.data.lstAiUserCoupon).toHaveLength(2);
  });

  it('never shortens a longer membership', async () => {
    const u = await oneUser();
    const later = new Date(Date.now() + 20 * 86_400_000);
    await srv.runtime.database.db
      .update(users)
      .set({ vipType: 2, endDate: later, startDate: new Date() })
      .where(eq(users.id, u.id));
    const res = await claim(siteInstant(4, 15), u.headers);
    expect(res.body.code).toBe(1000000);
    const row = await userRow(u.id);
    expect(row?.endDate?.getTime()).toBe(later.getTime());
    expect(row?.vipType).toBe(2);
  });

  it('gives exactly 50 codes to 200 people clicking at 12:00:00', async () => {
    const people = await quickUsers(srv, 'rush-', 200);
    const at = siteInstant(5, 12);
    const replies = await Promise.all(people.map((p) => claim(at, p.headers)));
    const codes = replies.map((r) => r.body.code);
    expect(codes.filter((c) => c === 1000000)).toHaveLength(50);
    expect(codes.filter((c) => c === 1000802)).toHaveLength(150);
    const late = replies.find((r) => r.body.code === 1000802);
    expect(late?.body.result).toBe('您来晚了，今日体验码已被领完');
    const db = srv.runtime.database.db;
    const day = (await db.select().from(couponDays)).find((d) => d.claimed === 50);
    expect(day).toBeDefined();
    const claims = await db
      .select()
      .from(couponClaims)
      .where(eq(couponClaims.day, day?.day ?? ''));
    expect(new Set(claims.map((c) => c.userId)).size).toBe(50);
    const left = async () =>
      (await srv.call('GET', '/api/coupon/draw/left/48', undefined, clockAt(at))).body.data.leftDailyLimit;
    expect(await left()).toBe(0);

    // A gone pool stays gone for the day and the limit: the process stops reading the counter (the
    // counter only grows, so this write stands for nothing real; it shows no read happens).
    await db
      .update(couponDays)
      .set({ claimed: 49 })
      .where(eq(couponDays.day, day?.day ?? ''));
    expect(await left()).toBe(0);
    expect((await claim(at, (await oneUser()).headers)).body.code).toBe(1000802);
    // A higher limit from the console opens the pool again at once.
    await db.insert(siteSettings).values({ key: 'COUPON_DAILY_LIMIT', value: 52 });
    await forgetSettings(srv.runtime);
    try {
      expect(await left()).toBe(3);
      expect((await claim(at, (await oneUser()).headers)).body.code).toBe(1000000);
    } finally {
      await db.delete(siteSettings).where(eq(siteSettings.key, 'COUPON_DAILY_LIMIT'));
      await forgetSettings(srv.runtime);
    }
  });

  it('lets one person double-click without a second code', async () => {
    const u = await oneUser();
    const at = siteInstant(6, 12, 1);
    const replies = await Promise.all(Array.from({ length: 5 }, () => claim(at, u.headers)));
    const codes = replies.map((r) => r.body.code).sort();
    expect(codes).toEqual([1000000, 1000803, 1000803, 1000803, 1000803]);
  });

  it('answers 404 for other coupons and 401 for a dead token', async () => {
    const u = await oneUser();
    expect((await srv.call('GET', '/api/coupon/draw/47', undefined, u.headers)).status).toBe(404);
    const dead = await srv.call('GET', '/api/coupon/draw/list/48', undefined, { authorization: 'Bearer nope' });
    expect(dead.status).toBe(401);
    const visitor = await srv.call('GET', '/api/coupon/draw/list/48');
    expect(visitor.body.data).toMatchObject({ isDraw: false, lstAiUserCoupon: [] });
  });
});
