import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { referralBalances, referralInvites } from '../../../src/server/db/schema';
import { transaction } from '../../../src/server/db/transaction';
import { attachInviter } from '../../../src/server/services/referral/invites';
import { lockBalance, post } from '../../../src/server/services/referral/ledger';
import { releaseDue } from '../../../src/server/services/referral/release';
import { requestWithdrawal } from '../../../src/server/services/referral/withdrawals';
import { markPaid } from '../../../src/server/services/shop/mark-paid';
import { createUserWithToken, type TestServer } from '../helpers';
import * as pay from '../shop/pay-helpers';

export const DAY = 86_400_000;

/** The referral settings the referral suites start their servers with. */
export const REFERRAL_ENV = {
  REFERRAL_INVITER_DAYS: '3',
  REFERRAL_INVITEE_DAYS: '2',
  REFERRAL_DAILY_CAP: '2',
  REFERRAL_LEVEL1_BP: '1000',
  REFERRAL_LEVEL2_BP: '500',
  REFERRAL_HOLD_DAYS: '7',
  REFERRAL_WITHDRAW_MIN_FEN: '100',
};

let n = 0;
export async function user(srv: TestServer, name = 'u') {
  const email = `${name}${++n}-${Date.now()}@example.com`;
  return { ...(await createUserWithToken(srv, email)), email };
}

/** The user's invite code, as their invite page shows it. */
export async function codeOf(srv: TestServer, headers: Record<string, string>): Promise<string> {
  const res = await srv.call('GET', '/api/referral/mine', undefined, headers);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.code;
}

/** A new account invited by `inviter` (as at sign-up through the inviter's link). */
export async function invitee(srv: TestServer, inviter: { headers: Record<string, string> }, name = 'invitee') {
  const u = await user(srv, name);
  await attachInviter(srv.runtime.database.db, u.id, await codeOf(srv, inviter.headers), {
    ip: '10.1.2.3',
    userAgent: 'test-agent',
  });
  return u;
}

/** Creates and pays (as a verified notify would) an order of `code` for the user. */
export async function payOrder(srv: TestServer, headers: Record<string, string>, code = 'VIP_MONTH') {
  const created = await pay.createOrder(srv, headers, code);
  expect(created.body.code, JSON.stringify(created.body)).toBe(1000000);
  const order = created.body.data as { orderNo: string; orderPrice: number };
  expect(await markPaid(srv.runtime, order.orderNo, { amount: order.orderPrice, source: 'test' })).toBe('paid');
  return order;
}

export async function balanceOf(srv: TestServer, userId: number) {
  const [b] = await srv.runtime.database.db.select().from(referralBalances).where(eq(referralBalances.userId, userId));
  return b ? { held: b.held, available: b.available, withdrawing: b.withdrawing, debt: b.debt } : null;
}

export async function inviteOf(srv: TestServer, inviteeId: number) {
  const [i] = await srv.runtime.database.db
    .select()
    .from(referralInvites)
    .where(eq(referralInvites.inviteeId, inviteeId));
  return i;
}

/** Releases every commission whose window ends before `days` from now (the job's step, clock moved on). */
export const releaseAfter = (srv: TestServer, days: number) =>
  releaseDue(srv.runtime, new Date(Date.now() + days * DAY));

/** Membership days left of a user (fractional). */
export async function daysLeft(srv: TestServer, userId: number) {
  const end = (await pay.userRow(srv, userId)).endDate?.getTime() ?? Date.now();
  return (end - Date.now()) / DAY;
}

/**
 * A pending withdrawal of `amount` fen by the user, for the console's matrices: the amount is first
 * credited as a released commission (a balanced movement, as the release job's), then asked as the
 * user would ask it.
 */
export async function pendingWithdrawal(srv: TestServer, userId: number, amount = 1000) {
  await transaction(srv.runtime.database.db, async (tx) => {
    await lockBalance(tx, userId);
    await post(tx, 'release', [
      { account: 'commission', amount: -amount },
      { userId, account: 'available', amount },
    ]);
  });
  const w = await requestWithdrawal(srv.runtime, userId, {
    amount,
    method: 'alipay',
    account: 'payee@example.com',
    realName: '王五',
  });
  return String(w.id);
}
