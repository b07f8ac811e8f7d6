import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { OrderStatus, REFUNDABLE_STATUSES } from '../../../shared/shop';
import { endOfDay } from '../../../shared/site-time';
import type { Db } from '../../db/client';
import { type Order, type OrderRefund, orderEvents, orderRefunds, orders } from '../../db/schema';
import { lockUser, transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
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
 * different ones never exceed what is left.
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
      return { applied: false, refund: seen, order };
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
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        refundNo: newRefundNo(),
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
    return { applied: true, refund, order };
  });
}

/** Asks the service for a recorded refund; the same refund number again is the same refund there. */
export async function sendRefund(rt: Runtime, refund: OrderRefund, order: Order, reason = refund.reason) {
  const source = `${rt.payment.mode}:refund`;
  try {
    const r = await rt.payment.refund({
      orderNo: order.orderNo,
      refundNo: refund.refundNo,
      amount: refund.amount,
      total: order.orderPrice,
      reason,
    });
    if (r.state === 'refused') return settleRefund(rt, refund.refundNo, { success: false, source, detail: r.message });
    if (r.state === 'success')
      return settleRefund(rt, refund.refundNo, { success: true, source, refundId: r.refundId });
    if (r.refundId)
      await rt.database.db
        .update(orderRefunds)
        .set({ providerRefundId: r.refundId })
        .where(eq(orderRefunds.id, refund.id));
    return 'processing' as const;
  } catch (err) {
    // The outcome is unknown (network, time-out, a reply not believed): it stays processing, holding its amount.
    rt.log.warn('refund request failed', { refundNo: refund.refundNo, err: (err as Error).message });
    await rt.database.db
      .update(orderRefunds)
      .set({ detail: (err as Error).message.slice(0, 300) })
      .where(eq(orderRefunds.id, refund.id));
    return 'processing' as const;
  }
}

/** A console refund: recorded once per form, then asked of the payment service (docs/payments.md#refunds). */
export async function requestRefund(rt: Runtime, ask: RefundAsk) {
  const { applied, refund } = await reserve(rt, ask);
  if (applied) await sendRefund(rt, refund, (await orderByNo(rt.database.db, ask.orderNo)) as Order);
  const [now] = await rt.database.db.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id));
  return { applied, refund: now ?? refund };
}

async function orderByNo(db: Db, orderNo: string) {
  const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return o;
}

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
        .set({ status: 'failed', finishedAt: now, detail: p.detail?.slice(0, 300) ?? null })
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
