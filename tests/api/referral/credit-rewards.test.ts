import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockUser, transaction } from '../../../src/server/db/transaction';
import { takeHold } from '../../../src/server/services/credits/holds';
import { grantReward, rewardRef } from '../../../src/server/services/referral/rewards';
import { markPaid } from '../../../src/server/services/shop/mark-paid';
import { makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { freshCode, refund } from '../admin/order-helpers';
import { balanceOf as creditsOf, expectBooksBalanced } from '../credits/credits-helpers';
import { startTestServer, type TestServer } from '../helpers';
import * as pay from '../shop/pay-helpers';
import { daysLeft, invitee, inviteOf, payOrder, REFERRAL_ENV, user } from './referral-helpers';

// Invite rewards in credits (docs/referral.md#invites): granted through the credits books on the
// invitee's first paid order, once, beside or instead of membership days; a refund takes back its share.
let srv: TestServer;
let admin: Staff;
const db = () => srv.runtime.database.db;

beforeAll(async () => {
  srv = await startTestServer({
    ...REFERRAL_ENV,
    REFERRAL_INVITER_DAYS: '0',
    REFERRAL_INVITEE_DAYS: '2',
    REFERRAL_INVITER_CREDITS: '100',
    REFERRAL_INVITEE_CREDITS: '40',
  });
  await pay.setPrice(srv, 'VIP_MONTH', 10_000);
  admin = await makeStaff(srv, 'reward-admin@example.com', 'admin');
}, 60_000);
afterAll(() => srv?.dispose());

describe('invite rewards in credits', () => {
  it('are stated in the invite page rules beside the days', async () => {
    const me = await user(srv, 'rules-reader');
    const mine = await srv.call('GET', '/api/referral/mine', undefined, me.headers);
    expect(mine.body.data.rules).toMatchObject({
      inviterDays: 0,
      inviteeDays: 2,
      inviterCredits: 100,
      inviteeCredits: 40,
    });
  });

  it('are granted once on the first paid order, beside the days; a refund takes back their unspent share', async () => {
    const inviter = await user(srv, 'credit-inviter');
    const buyer = await invitee(srv, inviter, 'credit-invitee');
    const order = await payOrder(srv, buyer.headers);
    expect(await creditsOf(srv, inviter.headers)).toMatchObject({ balance: 100 });
    expect(await creditsOf(srv, buyer.headers)).toMatchObject({ balance: 40 });
    expect(await inviteOf(srv, buyer.id)).toMatchObject({
      reward: 'rewarded',
      inviterDays: 0,
      inviteeDays: 2,
      inviterCredits: 100,
      inviteeCredits: 40,
    });
    // Days only where set: the inviter got credits alone, the invitee both (30 days of the order and 2).
    expect(Math.round(await daysLeft(srv, inviter.id))).toBe(0);
    expect(Math.round(await daysLeft(srv, buyer.id))).toBe(32);

    // The payment told again, a second paid order, the grant itself asked again: nothing more.
    expect(await markPaid(srv.runtime, order.orderNo, { amount: order.orderPrice, source: 'again' })).toBe('already');
    await payOrder(srv, buyer.headers, 'VIP_MONTH');
    await transaction(db(), async (tx) => {
      await lockUser(tx, inviter.id);
      await grantReward(tx, inviter.id, { days: 0, credits: 100 }, new Date(), rewardRef(buyer.id, 'inviter'));
    });
    expect(await creditsOf(srv, inviter.headers)).toMatchObject({ balance: 100 });
    expect(await creditsOf(srv, buyer.headers)).toMatchObject({ balance: 40 });

    // The inviter spends 80 of the 100; refunding half the order takes back 50, of which only 20 are free.
    const hold = await takeHold(srv.runtime, inviter.id, 'search', 80);
    await hold?.settle(80);
    const half = await refund(srv, admin, order.orderNo, { amount: order.orderPrice / 2 });
    expect(half.body.data.status).toBe('success');
    expect(await creditsOf(srv, inviter.headers)).toMatchObject({ balance: 0 });
    expect(await creditsOf(srv, buyer.headers)).toMatchObject({ balance: 20 });
    const rest = await refund(srv, admin, order.orderNo, { amount: order.orderPrice / 2 });
    expect(rest.body.data.status).toBe('success');
    expect(await creditsOf(srv, buyer.headers)).toMatchObject({ balance: 0 });
    const history = await srv.call('GET', '/api/credits/history', undefined, buyer.headers);
    expect(history.body.data.records.map((m: { reason: string; amount: number }) => [m.reason, m.amount])).toEqual([
      ['invite', -20],
      ['invite', -20],
      ['invite', 40],
    ]);
    await expectBooksBalanced(db());
  });

  it('are set in the console beside the days; bad values are refused and change nothing', async () => {
    const save = async (values: Record<string, number>) =>
      srv.call(
        'POST',
        '/api/admin/settings',
        { values, requestId: requestId(), code: await freshCode(srv, admin.id) },
        { cookie: admin.cookie },
      );
    const bad = await save({ REFERRAL_INVITER_CREDITS: -1 });
    expect(bad.status).toBe(400);
    expect((await save({ REFERRAL_INVITER_CREDITS: 7, REFERRAL_INVITEE_CREDITS: 0 })).status).toBe(200);
    const inviter = await user(srv, 'console-inviter');
    const buyer = await invitee(srv, inviter, 'console-invitee');
    await payOrder(srv, buyer.headers);
    expect(await creditsOf(srv, inviter.headers)).toMatchObject({ balance: 7 });
    expect(await creditsOf(srv, buyer.headers)).toMatchObject({ balance: 0 });
    await expectBooksBalanced(db());
  });
});
