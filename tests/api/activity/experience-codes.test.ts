import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experienceCodes, users } from '../../../src/server/db/schema';
import { issueCodes } from '../../../src/server/services/activity/experience-codes';
import { endOfDay } from '../../../src/shared/site-time';
import type { TestServer } from '../helpers';
import { clockAt, quickUsers, siteInstant, TZ } from './activity-fixtures';
import { startActivityServer } from './activity-server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startActivityServer({ SITE_TIME_ZONE: TZ });
});
afterAll(() => srv?.dispose());

const redeem = (code: string, headers: Record<string, string> = {}) =>
  srv.call('POST', '/api/coupon/redeem', { code }, headers);

describe('free-experience-code redemption', () => {
  it('redeems a code once, in any case and grouping, for a trial to the end of its last day', async () => {
    const [code] = await issueCodes(srv.runtime.database.db, { count: 1, source: 'group', trialDays: 3, validDays: 7 });
    const [a, b] = await quickUsers(srv, 'redeemer-', 2);
    if (!code || !a || !b) throw new Error('setup');
    expect((await redeem(code)).body.code).toBe(1000001);

    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `;
    const at = siteInstant(0, 9);
    const ok = await srv.call('POST', '/api/coupon/redeem', { code: typed }, { ...a.headers, ...clockAt(at) });
    expect(ok.body).toMatchObject({ code: 1000000, result: '兑换成功，体验会员已到账', data: { code, trialDays: 3 } });
    const [row] = await srv.runtime.database.db.select().from(users).where(eq(users.id, a.id));
    expect(row?.endDate?.getTime()).toBe(endOfDay(at, TZ, 2));
    expect(row?.vipType).toBe(1);

    const used = await redeem(code, b.headers);
    expect(used.body).toMatchObject({ code: 1000813, result: '该体验码已被使用' });
  });

  it('tells unknown and expired codes apart', async () => {
    const [u] = await quickUsers(srv, 'checker-', 1);
    if (!u) throw new Error('setup');
    expect((await redeem('ZZZZZZZZZZ', u.headers)).body).toMatchObject({
      code: 1000811,
      result: '体验码不存在，请检查后重新输入',
    });
    const db = srv.runtime.database.db;
    await db
      .insert(experienceCodes)
      .values({ code: 'EXPIRED234', source: 'official', expiresAt: new Date(Date.now() - 1000) });
    expect((await redeem('expired234', u.headers)).body).toMatchObject({ code: 1000812, result: '该体验码已过期' });
  });

  it('limits guessing to 10 tries in 10 minutes', async () => {
    const [u] = await quickUsers(srv, 'guesser-', 1);
    if (!u) throw new Error('setup');
    const replies = [];
    for (let i = 0; i < 11; i++) replies.push(await redeem(`GUESS${i}AAAA`, u.headers));
    expect(replies.slice(0, 10).every((r) => r.body.code === 1000811)).toBe(true);
    expect(replies[10]?.status).toBe(429);
  });

  it('rejects over-long input before the service', async () => {
    const [u] = await quickUsers(srv, 'long-', 1);
    if (!u) throw new Error('setup');
    expect((await redeem('A'.repeat(41), u.headers)).status).toBe(400);
  });
});
