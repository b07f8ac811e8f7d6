// Every console route that acts on an account, for console-hierarchy.test.ts: how to send it at a
// target, and the account's state that must not change when the hierarchy refuses.
import { and, count, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  creditAccounts,
  drawings,
  orderRefunds,
  orders,
  paymentRecords,
  referralBalances,
  sessions,
  unlabelledDownloads,
  users,
  verificationCodes,
} from '../../../src/server/db/schema';
import { sourceKeyOf } from '../../../src/server/services/drawing/store';
import { markPaid } from '../../../src/server/services/shop/mark-paid';
import { recordPayment } from '../../../src/server/services/shop/payment-records';
import type { Role } from '../../../src/shared/admin';
import type { CallResult, TestServer } from '../helpers';
import { pendingWithdrawal } from '../referral/referral-helpers';
import * as pay from '../shop/pay-helpers';
import { makeUser, requestId, type Staff } from './admin-helpers';
import { freshCode } from './order-helpers';

/** An account a route acts on: made by makeUser (a live login session, the password 'secret123'). */
export interface Target {
  id: number;
  email: string;
  role: Role;
  headers: Record<string, string>;
}

export interface AccountRoute {
  /** `METHOD /api/path` as the OpenAPI document names it. */
  key: string;
  /** The audit action the guard is asked about (recorded in a refusal's row). */
  action: string;
  /** Admins only: an operator is refused by role (403 admin:forbidden) even on a plain user. */
  adminOnly?: boolean;
  /** An admin's success on a console account is refused by a rule of the action itself (400 and its key). */
  staffRule?: string;
  /** What the route needs of the target before the case's state is read (an order, a picture): its id. */
  prepare?: (srv: TestServer, target: Target) => Promise<string>;
  send: (srv: TestServer, actor: Staff, target: Target, prepared: string) => Promise<CallResult>;
}

let n = 0;
/** A fresh account of the role for one case of the matrix. */
export async function target(srv: TestServer, role: Role): Promise<Target> {
  const email = `${role}-target-${++n}@example.com`;
  const u = await makeUser(srv, email, role);
  return { id: u.id, email, role, headers: u.headers };
}

/** The acting console account as a target (its own account). */
export const self = (staff: Staff, email: string, role: Role): Target => ({
  id: staff.id,
  email,
  role,
  headers: staff.headers,
});

/** A fresh code for an admin (the guard must refuse before it counts); an operator's is never checked. */
const codeOf = (srv: TestServer, actor: Staff) => freshCode(srv, actor.id);

const post = (srv: TestServer, actor: Staff, path: string, body: unknown) =>
  srv.call('POST', `/api${path}`, body, { cookie: `${actor.cookie}; lang=en-US` });

/** A payment a service reported for the target's unpaid order that was not credited: its record's id. */
async function missedOf(srv: TestServer, t: Target) {
  const created = await pay.createOrder(srv, t.headers, 'VIP_QUARTER');
  const orderNo = created.body.data.orderNo as string;
  const { db } = srv.runtime.database;
  await recordPayment(db, {
    orderNo,
    provider: 'sandbox',
    source: 'notify',
    outcome: 'mismatch',
    amount: 1,
    raw: 'hierarchy',
  });
  const [r] = await db
    .select({ id: paymentRecords.id })
    .from(paymentRecords)
    .where(eq(paymentRecords.orderNo, orderNo));
  return String(r?.id);
}

/** A paid order of the target, bought through the site like any user's. */
async function paidOrderOf(srv: TestServer, t: Target) {
  const created = await pay.createOrder(srv, t.headers, 'VIP_MONTH');
  expect(created.body.code, JSON.stringify(created.body)).toBe(1000000);
  const order = created.body.data as { orderNo: string; orderPrice: number };
  expect(await markPaid(srv.runtime, order.orderNo, { amount: order.orderPrice, source: 'test' })).toBe('paid');
  return order.orderNo;
}

/** A finished public picture of the target (the reports page's "ban the author" acts on its owner). */
async function pictureOf(srv: TestServer, t: Target) {
  const taskId = `hierarchy-${t.id}-${++n}`;
  await srv.runtime.database.db.insert(drawings).values({
    taskId,
    userId: t.id,
    prompt: 'a cat',
    drawRate: '1:1',
    drawQuality: 1,
    drawSteps: 20,
    seed: 1,
    publicFlag: 2,
    status: 10,
    provider: 'mock',
    hookToken: 'x',
    deadlineAt: new Date(),
  });
  return taskId;
}

const base = { reason: 'hierarchy matrix' };

export const ACCOUNT_ROUTES: AccountRoute[] = [
  {
    key: 'POST /api/admin/users/{id}/ban',
    action: 'user.ban',
    send: (srv, a, t) => post(srv, a, `/admin/users/${t.id}/ban`, { ...base, banned: true, requestId: requestId() }),
  },
  {
    key: 'POST /api/admin/users/{id}/membership',
    action: 'membership.vip',
    send: (srv, a, t) =>
      post(srv, a, `/admin/users/${t.id}/membership`, { ...base, kind: 'vip', amount: 3650, requestId: requestId() }),
  },
  {
    key: 'POST /api/admin/users/{id}/credits',
    action: 'credits.adjust',
    adminOnly: true,
    send: async (srv, a, t) =>
      post(srv, a, `/admin/users/${t.id}/credits`, {
        ...base,
        amount: 100,
        requestId: requestId(),
        code: await codeOf(srv, a),
      }),
  },
  {
    key: 'POST /api/admin/users/{id}/role',
    action: 'user.role',
    adminOnly: true,
    send: async (srv, a, t) =>
      post(srv, a, `/admin/users/${t.id}/role`, {
        ...base,
        role: t.role === 'user' ? 'operator' : 'user',
        requestId: requestId(),
        code: await codeOf(srv, a),
      }),
  },
  {
    key: 'POST /api/admin/users/{id}/sessions/revoke',
    action: 'user.sessions.revokeAll',
    send: (srv, a, t) => post(srv, a, `/admin/users/${t.id}/sessions/revoke`, { ...base, requestId: requestId() }),
  },
  {
    key: 'POST /api/admin/users/{id}/password-reset',
    action: 'user.passwordReset',
    send: (srv, a, t) => post(srv, a, `/admin/users/${t.id}/password-reset`, { ...base, requestId: requestId() }),
  },
  {
    key: 'POST /api/admin/users/{id}/delete',
    action: 'user.delete',
    adminOnly: true,
    staffRule: 'admin:users.staffDelete',
    send: async (srv, a, t) =>
      post(srv, a, `/admin/users/${t.id}/delete`, { ...base, requestId: requestId(), code: await codeOf(srv, a) }),
  },
  {
    key: 'POST /api/admin/orders/{orderNo}/refund',
    action: 'order.refund',
    adminOnly: true,
    prepare: paidOrderOf,
    send: async (srv, a, _t, orderNo) =>
      post(srv, a, `/admin/orders/${orderNo}/refund`, {
        ...base,
        amount: 1,
        requestId: requestId(),
        code: await codeOf(srv, a),
      }),
  },
  {
    key: 'POST /api/admin/referral/withdrawals/{id}/pay',
    action: 'referral.withdrawal.pay',
    adminOnly: true,
    prepare: (srv, t) => pendingWithdrawal(srv, t.id),
    send: async (srv, a, _t, id) =>
      post(srv, a, `/admin/referral/withdrawals/${id}/pay`, {
        ...base,
        requestId: requestId(),
        code: await codeOf(srv, a),
      }),
  },
  {
    key: 'POST /api/admin/payments/missed/{id}/credit',
    action: 'payment.credit',
    adminOnly: true,
    prepare: missedOf,
    send: async (srv, a, _t, id) =>
      post(srv, a, `/admin/payments/missed/${id}/credit`, {
        ...base,
        requestId: requestId(),
        code: await codeOf(srv, a),
      }),
  },
  {
    key: 'POST /api/admin/referral/withdrawals/{id}/reject',
    action: 'referral.withdrawal.reject',
    adminOnly: true,
    prepare: (srv, t) => pendingWithdrawal(srv, t.id),
    send: (srv, a, _t, id) =>
      post(srv, a, `/admin/referral/withdrawals/${id}/reject`, { ...base, requestId: requestId() }),
  },
  {
    key: 'POST /api/admin/unlabelled',
    action: 'unlabelled.allow',
    prepare: async (srv, t) => {
      const taskId = await pictureOf(srv, t);
      const imageUrl = await srv.runtime.storage.put(
        `drawings/202601/${taskId.replaceAll('-', '')}.webp`,
        Buffer.from('x'),
      );
      await srv.runtime.storage.put(sourceKeyOf(imageUrl) as string, Buffer.from('x'));
      await srv.runtime.database.db.update(drawings).set({ imageUrl }).where(eq(drawings.taskId, taskId));
      return taskId;
    },
    send: async (srv, a, _t, taskId) =>
      post(srv, a, '/admin/unlabelled', { ...base, kind: 'drawing', itemId: taskId, code: await codeOf(srv, a) }),
  },
  {
    key: 'POST /api/admin/reports/act',
    action: 'user.ban',
    prepare: pictureOf,
    send: (srv, a, _t, taskId) =>
      post(srv, a, '/admin/reports/act', {
        ...base,
        kind: 'drawing',
        id: taskId,
        action: 'ban',
        requestId: requestId(),
      }),
  },
];

/**
 * What a refused action must leave as it was: the account row (role, ban, membership, compositions,
 * deletion), its live sessions, reset codes mailed to it, refunds of its orders, its commission balances, its credits
 * and unlabelled downloads allowed for it.
 */
export async function stateOf(srv: TestServer, id: number) {
  const { db } = srv.runtime.database;
  const [u] = await db.select().from(users).where(eq(users.id, id));
  if (!u) throw new Error('no user');
  const { updatedAt: _u, lastSeenAt: _l, ...row } = u;
  const [live] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
  const [codes] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(eq(verificationCodes.email, u.email ?? ''));
  const [refunds] = await db
    .select({ n: count() })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(eq(orders.userId, id));
  const [balance] = await db.select().from(referralBalances).where(eq(referralBalances.userId, id));
  const { updatedAt: _b, ...money } = balance ?? { updatedAt: null };
  const [credits] = await db.select().from(creditAccounts).where(eq(creditAccounts.userId, id));
  const [unlabelled] = await db
    .select({ n: count() })
    .from(unlabelledDownloads)
    .where(eq(unlabelledDownloads.ownerId, id));
  return {
    row,
    live: live?.n,
    codes: codes?.n,
    refunds: refunds?.n,
    money,
    credits: credits?.balance ?? 0,
    unlabelled: unlabelled?.n,
  };
}
