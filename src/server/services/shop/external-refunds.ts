import { and, eq, sql } from 'drizzle-orm';
import { REFUNDABLE_STATUSES } from '../../../shared/shop';
import { jobSettings } from '../../config/jobs';
import { orderEvents, orderRefunds, orders } from '../../db/schema';
import { lockUser, transaction } from '../../db/transaction';
import type { Runtime } from '../../runtime';
import { newClaimToken, settleRefund } from './refunds';

export interface ExternalRefund {
  orderNo: string;
  /** The service's refund number (WeChat Pay's out_refund_no made on its merchant platform, or one we make up). */
  refundNo: string;
  /** Fen given back. */
  amount: number;
  source: string;
  refundId?: string;
}

export type ExternalOutcome = 'success' | 'already' | 'unknown' | 'notRefundable' | 'tooMuch';

/** The reason an external refund's row carries: nobody here asked for it. */
export const EXTERNAL_REASON = 'refunded at the payment service';

/**
 * A refund made outside the site (on the merchant platform): written as a
 * refund of its order under the service's number and settled through the
 * same settleRefund as a console refund, so the benefit is withdrawn in
 * proportion (partial refunds included) exactly once. The row is leased
 * while it is settled, so the refund worker never asks the service for it.
 */
export async function recordExternalRefund(rt: Runtime, r: ExternalRefund): Promise<ExternalOutcome> {
  const { db } = rt.database;
  const [owner] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.orderNo, r.orderNo));
  if (!owner || !Number.isSafeInteger(r.amount) || r.amount <= 0) return 'unknown';
  const written = await transaction(db, async (tx) => {
    await lockUser(tx, owner.userId);
    const [order] = await tx.select().from(orders).where(eq(orders.orderNo, r.orderNo)).for('update');
    if (!order) return 'unknown' as const;
    const [seen] = await tx
      .select({ id: orderRefunds.id })
      .from(orderRefunds)
      .where(eq(orderRefunds.refundNo, r.refundNo));
    if (seen) return 'already' as const;
    if (!REFUNDABLE_STATUSES.includes(order.orderStatus)) return 'notRefundable' as const;
    const [held] = await tx
      .select({ n: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.status, 'processing')));
    if (r.amount > order.orderPrice - order.refundedAmount - (held?.n ?? 0)) return 'tooMuch' as const;
    await tx.insert(orderRefunds).values({
      refundNo: r.refundNo,
      orderId: order.id,
      amount: r.amount,
      status: 'processing',
      reason: EXTERNAL_REASON,
      requestId: `external:${r.refundNo}`,
      providerRefundId: r.refundId ?? null,
      claimToken: newClaimToken(),
      leaseUntil: new Date(Date.now() + jobSettings(rt.env).JOB_LEASE_MS),
    });
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.orderStatus,
      toStatus: order.orderStatus,
      source: r.source,
      detail: `external refund ${r.refundNo}: ${(r.amount / 100).toFixed(2)}`,
    });
    return 'written' as const;
  });
  if (written !== 'written') {
    if (written !== 'already') rt.log.warn('external refund not recorded', { ...r, outcome: written });
    return written;
  }
  const settled = await settleRefund(rt, r.refundNo, { success: true, source: r.source, refundId: r.refundId });
  return settled === 'success' ? 'success' : 'already';
}
