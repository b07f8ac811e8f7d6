import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { type Order, OrderStatus } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { Runtime } from '../../runtime';
import { addUserNotice } from '../activity/notices';
import { grantOrderCredits } from '../credits/orders';
import { onOrderPaid } from '../referral/order-hooks';
import { forgetList, listChangeNotice } from '../user-lists';
import { benefitChange } from './benefits';
import { UNPAID } from './orders';
import { lockPayment, writePayment } from './payment-queries';
import { sendReceipt } from './receipts';

const ALREADY_PAID: number[] = [OrderStatus.PAID, OrderStatus.FREE, OrderStatus.REFUNDED, OrderStatus.PARTLY_REFUNDED];

export type PaidOutcome = 'paid' | 'already' | 'unknown' | 'mismatch';

/** A payment for an order that was no longer waiting for one (cancelled, auto-cancelled, failed). */
const isLate = (status: number) => !UNPAID.includes(status);
/** How an order's history marks a payment that came after the order had ended. */
export const LATE_PAYMENT = 'late payment';

const addLatePaymentNotice = (tx: Db, o: Order) =>
  addUserNotice(tx, o.userId, 'shop:order.late.notice', { orderNo: o.orderNo, desc: o.orderDesc });

/**
 * The one path money takes, for the sandbox and verified notifies alike:
 * status 1 and the benefit granted in one transaction, exactly once, with
 * the payer's push sent when it commits. A payment after a timeout or cancel
 * is honoured rather than lost; its history says it came late and the user
 * is told.
 */
export async function markPaid(
  rt: Runtime,
  orderNo: string,
  p: {
    source: string;
    tradeNo?: string;
    onTime?: boolean;
    /** The service that reports the payment: one that is not the order's own is a mismatch. */
    provider?: string;
    /** An admin credited it after review (a missed payment): the amount check is waived. */
    reviewed?: boolean;
  } & (
    | {
        /** What the payment service says it was paid: it must be the order's price. */
        amount: number;
        sandboxKeyHash?: undefined;
      }
    | {
        /** The sandbox's pay link: its live key (hashed), used up in the same transaction, pays the order's price. */
        sandboxKeyHash: string;
        amount?: undefined;
      }
  ),
): Promise<PaidOutcome> {
  const { db } = rt.database;
  const result = await transaction(db, async (tx) => {
    const row = await lockPayment(tx, orderNo, p.sandboxKeyHash);
    // No such order, or not with that live key.
    if (!row) return { outcome: 'unknown' as const };
    const { user, order } = row;
    // Paid before, free, or paid and since refunded: a repeated notify never grants again.
    if (ALREADY_PAID.includes(order.orderStatus)) return { outcome: 'already' as const, order };
    if (!p.reviewed && p.amount !== undefined && p.amount !== order.orderPrice)
      return { outcome: 'mismatch' as const, order };
    if (!p.reviewed && p.provider !== undefined && p.provider !== order.payProvider)
      return { outcome: 'mismatch' as const, order };
    const now = new Date();
    const late = !p.onTime && isLate(order.orderStatus);
    await writePayment(tx, {
      orderId: order.id,
      userId: user.id,
      fromStatus: order.orderStatus,
      at: now,
      source: p.source,
      tradeNo: p.tradeNo ?? null,
      detail: late ? `${LATE_PAYMENT}${p.tradeNo ? ` ${p.tradeNo}` : ''}` : (p.tradeNo ?? null),
      benefit: benefitChange(user, { ...order, level: row.level ?? 1 }, now),
      // Every process must hear that the user's order list changed before the payer hears "paid"
      // and reloads it (docs/kept-lists.md): the same statement sends both, in that order. Sent
      // at commit, in the same transaction: never for a rollback.
      announce: [
        listChangeNotice('orders', order.userId),
        rt.hub.publishOnCommit(
          orderNo,
          {
            code: Code.SUCCESS,
            // The usual message, plus a flag only when the payment came after the order had ended.
            data: { orderStatus: OrderStatus.PAID, orderDesc: order.orderDesc, ...(late ? { late } : {}) },
          },
          { userId: order.userId },
        ),
      ],
    });
    await onOrderPaid(rt, tx, order, now);
    await grantOrderCredits(tx, order);
    const paid = { ...order, orderStatus: OrderStatus.PAID, paidAt: now, updatedAt: now };
    if (late) await addLatePaymentNotice(tx, paid);
    return { outcome: 'paid' as const, order: paid, late, to: user };
  });
  // A used or wrong sandbox key: the pay page answers 404, nothing was refused.
  if (result.outcome === 'unknown' && p.sandboxKeyHash !== undefined) return result.outcome;
  if (result.outcome === 'unknown' || result.outcome === 'mismatch') {
    rt.log.warn('payment refused', { orderNo, outcome: result.outcome, amount: p.amount, source: p.source });
    return result.outcome;
  }
  if (result.outcome === 'paid') {
    const { order, late, to } = result;
    forgetList(rt, 'orders', order.userId);
    if (late) rt.log.warn('late payment honoured', { orderNo, source: p.source });
    await sendReceipt(rt, order, { late, to }).catch((err: Error) =>
      rt.log.warn('receipt mail failed', { orderNo, err: err.message }),
    );
  }
  return result.outcome;
}
