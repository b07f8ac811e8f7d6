import { and, eq } from 'drizzle-orm';
import { OrderStatus } from '../../../shared/shop';
import { orderRefunds, orders } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { recordExternalRefund } from './external-refunds';
import { recordPayment } from './payment-records';
import { settleRefund } from './refunds';

const PAID_LIKE: number[] = [OrderStatus.PAID, OrderStatus.REFUNDED, OrderStatus.PARTLY_REFUNDED];

/**
 * Reads the refunds the payment service has completed for a paid order (the
 * query path: the poller after crediting a payment, the console's "query
 * provider") and settles each through the same paths as its notify or bill
 * line: ours through settleRefund, one made at the service through
 * recordExternalRefund. Both find a settled refund by its number, so a
 * refund seen by query, notify and bill is settled once. Answers how many
 * refunds this call settled.
 */
export async function settleServiceRefunds(rt: Runtime, orderNo: string, source: string): Promise<number> {
  const pay = rt.payment;
  if (!pay.queryRefunds) return 0;
  const { db } = rt.database;
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!order || !PAID_LIKE.includes(order.orderStatus) || order.payProvider !== pay.mode) return 0;
  const open = await db
    .select({ refundNo: orderRefunds.refundNo })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.status, 'processing')));
  const base = { orderNo, provider: pay.mode, source: 'query' as const };
  let found: Awaited<ReturnType<NonNullable<typeof pay.queryRefunds>>>;
  try {
    found = await pay.queryRefunds(
      orderNo,
      open.map((r) => r.refundNo),
    );
  } catch (err) {
    rt.log.warn('refund query failed', { orderNo, err: (err as Error).message });
    await recordPayment(db, { ...base, outcome: 'error', raw: (err as Error).message });
    return 0;
  }
  let settled = 0;
  for (const r of found) {
    let outcome: string = await settleRefund(rt, r.refundNo, { success: true, source, refundId: r.refundId });
    if (outcome === 'unknown') {
      const external = await recordExternalRefund(rt, { ...r, source });
      outcome = `external ${external}`;
      if (external === 'success') settled++;
    } else {
      if (outcome === 'success') settled++;
      outcome = `refund ${outcome}`;
    }
    await recordPayment(db, { ...base, outcome, amount: r.amount, tradeNo: r.refundId, raw: r.raw });
  }
  return settled;
}
