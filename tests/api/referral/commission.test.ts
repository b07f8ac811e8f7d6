import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReferralLedger } from '../../../src/server/services/referral/ledger';
import { makeStaff, type Staff } from '../admin/admin-helpers';
import { refund } from '../admin/order-helpers';
import { startTestServer, type TestServer } from '../helpers';
import * as pay from '../shop/pay-helpers';
import { balanceOf, daysLeft, invitee, payOrder, REFERRAL_ENV, releaseAfter, user } from './referral-helpers';

// Commission (docs/referral.md#commission): held at payment, released after the window, reversed by refunds.
let srv: TestServer;
let admin: Staff;

beforeAll(async () => {
  srv = await startTestServer(REFERRAL_ENV);
  admin = await makeStaff(srv, 'referral-admin@example.com', 'admin');
  await pay.setPrice(srv, 'VIP_MONTH', 10_000);
}, 60_000);
afterAll(() => srv?.dispose());

const ledgerHolds = async () => expect(await checkReferralLedger(srv.runtime.database.db)).toEqual([]);

describe('commission', () => {
  it('is held at payment for both levels, released after the window once, shown to the user', async () => {
    const top = await user(srv, 'top');
    const mid = await invitee(srv, top, 'mid');
    const buyer = await invitee(srv, mid, 'buyer');
    await payOrder(srv, buyer.headers);
    expect(await balanceOf(srv, mid.id)).toEqual({ held: 1000, available: 0, withdrawing: 0, debt: 0 });
    expect(await balanceOf(srv, top.id)).toEqual({ held: 500, available: 0, withdrawing: 0, debt: 0 });
    const mine = await srv.call('GET', '/api/referral/mine', undefined, mid.headers);
    expect(mine.body.data).toMatchObject({ held: 1000, available: 0, rules: { level1Bp: 1000, holdDays: 7 } });

    // Inside the window nothing moves; past it, once.
    await releaseAfter(srv, 6);
    expect((await balanceOf(srv, mid.id))?.held).toBe(1000);
    expect(await releaseAfter(srv, 8)).toBeGreaterThanOrEqual(2);
    expect(await balanceOf(srv, mid.id)).toEqual({ held: 0, available: 1000, withdrawing: 0, debt: 0 });
    expect(await balanceOf(srv, top.id)).toEqual({ held: 0, available: 500, withdrawing: 0, debt: 0 });
    expect(await releaseAfter(srv, 8)).toBe(0);
    expect((await balanceOf(srv, mid.id))?.available).toBe(1000);
    await ledgerHolds();
  });

  it('is reversed in proportion by a partial refund and whole by the rest, with the invite rewards', async () => {
    const inviter = await user(srv, 'inviter');
    const buyer = await invitee(srv, inviter);
    const order = await payOrder(srv, buyer.headers);
    expect(await daysLeft(srv, inviter.id)).toBeCloseTo(3, 1);
    const half = await refund(srv, admin, order.orderNo, { amount: 5000 });
    expect(half.body.data, JSON.stringify(half.body)).toMatchObject({ status: 'success' });
    expect((await balanceOf(srv, inviter.id))?.held).toBe(500);
    const rest = await refund(srv, admin, order.orderNo, { amount: 5000 });
    expect(rest.body.data).toMatchObject({ status: 'success' });
    expect(await balanceOf(srv, inviter.id)).toEqual({ held: 0, available: 0, withdrawing: 0, debt: 0 });
    // The reward went with the order it was earned by.
    expect(await daysLeft(srv, inviter.id)).toBeLessThan(0.01);
    await ledgerHolds();
  });

  it('becomes debt when it was withdrawn, told to the admin before the refund, paid by later commission', async () => {
    const inviter = await user(srv, 'inviter');
    const buyer = await invitee(srv, inviter);
    const order = await payOrder(srv, buyer.headers);
    await releaseAfter(srv, 8);
    const asked = await srv.call(
      'POST',
      '/api/referral/withdrawals',
      { amount: 800, method: 'alipay', account: 'payee@example.com', realName: '张三' },
      inviter.headers,
    );
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(200);
    const preview = await srv.call(
      'GET',
      `/api/admin/referral/orders/${order.orderNo}/reversal?amount=10000`,
      undefined,
      { cookie: admin.cookie },
    );
    expect(preview.body.data).toEqual({ reversed: 1000, debt: 800 });
    const whole = await refund(srv, admin, order.orderNo, { amount: 10_000 });
    expect(whole.body.data).toMatchObject({ status: 'success' });
    expect(await balanceOf(srv, inviter.id)).toEqual({ held: 0, available: 0, withdrawing: 800, debt: 800 });
    // The next commission pays the debt first when it is released.
    const second = await invitee(srv, inviter);
    await payOrder(srv, second.headers);
    await releaseAfter(srv, 8);
    expect(await balanceOf(srv, inviter.id)).toEqual({ held: 0, available: 200, withdrawing: 800, debt: 0 });
    const overview = await srv.call('GET', '/api/admin/referral/overview', undefined, { cookie: admin.cookie });
    expect(overview.body.data).toMatchObject({ ledgerOk: true });
    expect(overview.body.data.reversed).toBeGreaterThanOrEqual(1000);
    await ledgerHolds();
  });
});
