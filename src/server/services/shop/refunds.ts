import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { OrderStatus, REFUNDABLE_STATUSES } from '../../../shared/shop';
import { endOfDay } from '../../../shared/site-time';
import { jobSettings } from '../../config/jobs';
import type { Db } from '../../db/client';
import { type Order, type OrderRefund, orderEvents, orderRefunds, orders } from '../../db/schema';
import { lockUser, transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { withdrawOrderCredits } from '../credits/orders';
import { onOrderRefunded } from '../referral/order-hooks';
import { withdrawBenefit } from './benefits';
import { sendRefundMail } from './receipts';

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const yuan = (fen: number) => (fen / 100).toFixed(2);

/** RF + UTC timestamp + 12 random characters: ours, unique, what the payment service knows the refund by. */
export function newRefundNo(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  let tail = '';
  for (let i = 0; i < 12; i++) tail += ALNUM[randomInt(ALNUM.length)];
  return `RF${stamp}${tail}`;
}

export interface RefundAsk {
  orderNo: string;
  /** Fen. */
  amount: number;
  reason: string;
  requestId: string;
  actor: { userId: number; email: string | null };
}

/** Money still refundable: the price less what was refunded and what processing refunds hold. */
async function refundable(tx: Db, order: Order) {
  const [held] = await tx
    .select({ n: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.status, 'processing')));
  return order.orderPrice - order.refundedAmount - (held?.n ?? 0);
}

/**
 * Records a refund (processing) under the order's lock, so concurrent asks
 * queue: the same form's id finds its first row (applied false), and
 * different ones never exceed what is left. The new row is leased to this
 * request (`token`), so the refund worker leaves it alone while the request
 * asks the service, and takes it over if this process dies before the answer.
 */
async function reserve(rt: Runtime, ask: RefundAsk) {
  const { db } = rt.database;
  const [owner] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.orderNo, ask.orderNo));
  if (!owner) throw new DomainError(404, 'error.notFound', { status: 404 });
  return transaction(db, async (tx) => {
    await lockUser(tx, owner.userId);
    const [order] = await tx.select().from(orders).where(eq(orders.orderNo, ask.orderNo)).for('update');
    if (!order) throw new DomainError(404, 'error.notFound', { status: 404 });
    const [seen] = await tx
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.actorId, ask.actor.userId), eq(orderRefunds.requestId, ask.requestId)));
    if (seen) {
      if (seen.orderId !== order.id) throw new DomainError(400, 'admin:orders.requestReused', { status: 400 });
      return { applied: false, refund: seen, order, token: null };
    }
    if (!REFUNDABLE_STATUSES.includes(order.orderStatus))
      throw new DomainError(400, 'admin:orders.notRefundable', { status: 400 });
    // Only the service that took the money can give it back (the site may have switched services since).
    if (order.payProvider !== rt.payment.mode)
      throw new DomainError(400, 'admin:orders.otherProvider', {
        status: 400,
        params: { provider: order.payProvider },
      });
    const left = await refundable(tx, order);
    if (ask.amount > left)
      throw new DomainError(400, 'admin:orders.tooMuch', { status: 400, params: { left: yuan(Math.max(0, left)) } });
    const token = newClaimToken();
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        refundNo: newRefundNo(),
        attempts: 1,
        claimToken: token,
        leaseUntil: new Date(Date.now() + jobSettings(rt.env).JOB_LEASE_MS),
        orderId: order.id,
        amount: ask.amount,
        status: 'processing',
        reason: ask.reason,
        actorId: ask.actor.userId,
        actorEmail: ask.actor.email,
        requestId: ask.requestId,
      })
      .returning();
    if (!refund) throw new Error('refund insert returned nothing');
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.orderStatus,
      toStatus: order.orderStatus,
      source: 'console',
      detail: `refund ${refund.refundNo} asked: ${yuan(ask.amount)}`,
    });
    return { applied: true, refund, order, token };
  });
}

/** Proves a lease on a refund row is still the holder's (a late renewal must not start it twice). */
export const newClaimToken = () => randomBytes(9).toString('base64url');

/**
 * How long a refund still processing after `attempts` asks waits for the
 * next: REFUND_RETRY_MS, doubled at each further ask, at most an hour.
 */
export function retryDelay(env: object, attempts: number): number {
  const base = jobSettings(env).REFUND_RETRY_MS;
  return Math.min(3_600_000, base * 2 ** Math.min(20, Math.max(0, attempts - 1)));
}

/**
 * Leaves a refund processing until its next try (with the service's refund id
 * or why the ask failed) and gives back the lease of `token`, if it still
 * holds the row. A row settled meanwhile is not touched.
 */
async function retryLater(
  rt: Runtime,
  refund: OrderRefund,
  token: string | null,
  note: { refundId?: string; detail?: string },
) {
  await rt.database.db
    .update(orderRefunds)
    .set({
      nextTryAt: new Date(Date.now() + retryDelay(rt.env, refund.attempts)),
      ...(note.refundId ? { providerRefundId: note.refundId } : {}),
      ...(note.detail ? { detail: note.detail.slice(0, 300) } : {}),
      ...(token ? { claimToken: null, leaseUntil: null } : {}),
    })
    .where(
      and(
        eq(orderRefunds.id, refund.id),
        eq(orderRefunds.status, 'processing'),
        token ? eq(orderRefunds.claimToken, token) : undefined,
      ),
    );
}

/**
 * Asks the service for a recorded refund; the same refund number again is the
 * same refund there, so asking again can never pay twice. An answer settles
 * it; a refund still processing (or an ask that failed) waits for its next
 * try with the lease of `token` given back.
 */
export async function sendRefund(rt: Runtime, refund: OrderRefund, order: Order, token: string | null = null) {
  const source = `${rt.payment.mode}:refund`;
  try {
    const r = await rt.payment.refund({
      orderNo: order.orderNo,
      refundNo: refund.refundNo,
      amount: refund.amount,
      total: order.orderPrice,
      reason: refund.reason,
    });
    if (r.state === 'refused') return settleRefund(rt, refund.refundNo, { success: false, source, detail: r.message });
    if (r.state === 'success')
      return settleRefund(rt, refund.refundNo, { success: true, source, refundId: r.refundId });
    await retryLater(rt, refund, token, { refundId: r.refundId });
    return 'processing' as const;
  } catch (err) {
    // The outcome is unknown (network, time-out, a reply not believed): it stays processing, holding its amount.
    rt.log.warn('refund request failed', { refundNo: refund.refundNo, err: (err as Error).message });
    await retryLater(rt, refund, token, { detail: (err as Error).message });
    return 'processing' as const;
  }
}

/** A console refund: recorded once per form, then asked of the payment service (docs/payments.md#refunds). */
export async function requestRefund(rt: Runtime, ask: RefundAsk) {
  const { applied, refund, token } = await reserve(rt, ask);
  if (applied) await sendRefund(rt, refund, (await orderByNo(rt.database.db, ask.orderNo)) as Order, token);
  const [now] = await rt.database.db.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id));
  return { applied, refund: now ?? refund };
}

async function orderByNo(db: Db, orderNo: string) {
  const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return o;
}

/** A settled refund is nobody's work any more. */
const UNLEASED = { claimToken: null, leaseUntil: null, nextTryAt: null };

export type SettleOutcome = 'success' | 'failed' | 'already' | 'unknown';

/**
 * Ends a processing refund exactly once, from the service's answer or its
 * refund notify: success adds the amount to the order (status 11, or 10 once
 * all is refunded), takes the benefit back and e-mails the user; failure
 * releases the amount. A repeat finds it ended and changes nothing.
 */
export async function settleRefund(
  rt: Runtime,
  refundNo: string,
  p: { success: boolean; source: string; refundId?: string; detail?: string },
): Promise<SettleOutcome> {
  const { db } = rt.database;
  const [row] = await db
    .select({ userId: orders.userId })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(eq(orderRefunds.refundNo, refundNo));
  if (!row) return 'unknown';
  const done = await transaction(db, async (tx) => {
    await lockUser(tx, row.userId);
    const [refund] = await tx.select().from(orderRefunds).where(eq(orderRefunds.refundNo, refundNo)).for('update');
    if (refund?.status !== 'processing') return null;
    const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for('update');
    if (!order) return null;
    const now = new Date();
    if (!p.success) {
      await tx
        .update(orderRefunds)
        .set({ status: 'failed', finishedAt: now, detail: p.detail?.slice(0, 300) ?? null, ...UNLEASED })
        .where(eq(orderRefunds.id, refund.id));
      await tx.insert(orderEvents).values({
        orderId: order.id,
        fromStatus: order.orderStatus,
        toStatus: order.orderStatus,
        source: p.source,
        detail: `refund ${refundNo} failed${p.detail ? `: ${p.detail.slice(0, 200)}` : ''}`,
      });
      return { order, refund, success: false, units: 0 };
    }
    const refunded = order.refundedAmount + refund.amount;
    const whole = refunded >= order.orderPrice;
    const status = whole ? OrderStatus.REFUNDED : OrderStatus.PARTLY_REFUNDED;
    // A whole refund may end the membership now; a partial one never before today ends.
    const floor = whole ? now : new Date(endOfDay(now.getTime(), rt.env.SITE_TIME_ZONE));
    const units = await withdrawBenefit(
      tx,
      order.userId,
      order,
      { before: order.refundedAmount, after: refunded },
      floor,
    );
    await onOrderRefunded(tx, order, { before: order.refundedAmount, after: refunded }, floor);
    await withdrawOrderCredits(tx, order, { before: order.refundedAmount, after: refunded });
    const unit = order.productType === 4 ? 'compositions' : 'days';
    await tx
      .update(orders)
      .set({ orderStatus: status, refundedAmount: refunded, updatedAt: now })
      .where(eq(orders.id, order.id));
    await tx
      .update(orderRefunds)
      .set({
        status: 'success',
        finishedAt: now,
        providerRefundId: p.refundId ?? refund.providerRefundId,
        detail: `-${units} ${unit}`,
        ...UNLEASED,
      })
      .where(eq(orderRefunds.id, refund.id));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.orderStatus,
      toStatus: status,
      source: p.source,
      detail: `refund ${refundNo}: ${yuan(refund.amount)}, -${units} ${unit}`,
    });
    return { order: { ...order, orderStatus: status, refundedAmount: refunded }, refund, success: true, units };
  });
  if (!done) return 'already';
  if (!done.success) return 'failed';
  await sendRefundMail(rt, done.order, { amount: done.refund.amount, units: done.units }).catch((err: Error) =>
    rt.log.warn('refund mail failed', { refundNo, err: err.message }),
  );
  return 'success';
}
