import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { balanceOf, expectBooksBalanced, setRates } from './credits-helpers';

// Daily check-in (docs/credits.md#check-in): once per site day, streak rewards, exact under races.
let srv: TestServer;
const DAY = 86_400_000;
const on = (day: number, headers: Record<string, string>) => ({ ...headers, 'x-test-clock-offset': String(day * DAY) });

beforeAll(async () => {
  srv = await startTestServer();
  await setRates(srv, { 'checkin:1': 5, 'checkin:2': 10, 'checkin:3': 15, 'checkin:7': 70 });
}, 60_000);
afterAll(() => srv?.dispose());

describe('check-in', () => {
  it('grants one reward for 50 parallel check-ins of one user', async () => {
    const u = await createUserWithToken(srv, 'checkin-race@example.com');
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => srv.call('POST', '/api/credits/check-in', undefined, u.headers)),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(50).fill(200));
    const granted = replies.filter((r) => r.body.data.checkedIn);
    expect(granted).toHaveLength(1);
    expect(granted[0]?.body.data).toMatchObject({ streak: 1, reward: 5, balance: 5 });
    expect(granted[0]?.body.result).toBe('签到成功，获得 5 积分');
    expect(replies.find((r) => !r.body.data.checkedIn)?.body.result).toBe('今天已经签到过了');
    expect(await balanceOf(srv, u.headers)).toMatchObject({ balance: 5, streak: 1, checkedInToday: true });
    const history = await srv.call('GET', '/api/credits/history', undefined, u.headers);
    expect(history.body.data.records).toMatchObject([{ reason: 'checkin', amount: 5 }]);
    await expectBooksBalanced(srv.runtime.database.db);
  });

  it('goes on day after day, pays day 7 past the week, and starts over after a missed day', async () => {
    const u = await createUserWithToken(srv, 'checkin-streak@example.com');
    const rewards: number[] = [];
    for (const day of [0, 1, 2, 3, 4, 5, 6, 7, 9]) {
      const r = await srv.call('POST', '/api/credits/check-in', undefined, on(day, u.headers));
      expect(r.body.data.checkedIn).toBe(true);
      rewards.push(r.body.data.reward);
    }
    // Days 4-6 have no reward set (0); day 8 is day 7's; a gap (day 8 skipped) starts at 1 again.
    expect(rewards).toEqual([5, 10, 15, 0, 0, 0, 70, 70, 5]);
    const now = await balanceOf(srv, on(9, u.headers));
    expect(now).toMatchObject({ balance: 175, streak: 1, checkedInToday: true, nextReward: 10 });
    expect(await balanceOf(srv, on(11, u.headers))).toMatchObject({ streak: 0, checkedInToday: false, nextReward: 5 });
    await expectBooksBalanced(srv.runtime.database.db);
  });

  it('needs a login', async () => {
    expect((await srv.call('POST', '/api/credits/check-in')).body.code).toBe(1000001);
  });
});
