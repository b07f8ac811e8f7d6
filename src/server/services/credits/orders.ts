import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditAccounts, creditMovements, products } from '../../db/schema';
import { refundedShare } from '../shop/benefits';
import { book, openAccount } from './book';

interface PaidOrder {
  id: number;
  orderNo: string;
  userId: number;
  productId: number;
}

/**
 * Grants a credit pack's credits when its order is paid, inside markPaid's transaction. Booked
 * under the order number, so a repeated notify or a retried transaction grants once.
 */
export async function grantOrderCredits(tx: Db, order: PaidOrder): Promise<void> {
  const [p] = await tx.select({ credits: products.credits }).from(products).where(eq(products.id, order.productId));
  if (!p || p.credits <= 0) return;
  await book(tx, {
    userId: order.userId,
    reason: 'purchase',
    ref: order.orderNo,
    amount: p.credits,
    note: order.orderNo,
  });
}

/**
 * Takes back the share of an order's credits a refund covers, inside settleRefund's
 * transaction: the same proportion as the benefit (refundedShare), of what the order granted.
 * What was already spent cannot come back: it takes at most what is free (balance - held),
 * never below zero. Booked per refunded total, so a repeat takes nothing more.
 */
export async function withdrawOrderCredits(
  tx: Db,
  order: { orderNo: string; userId: number; orderPrice: number },
  refunded: { before: number; after: number },
): Promise<number> {
  const [granted] = await tx
    .select({ amount: creditMovements.amount })
    .from(creditMovements)
    .where(and(eq(creditMovements.reason, 'purchase'), eq(creditMovements.ref, order.orderNo)));
  if (!granted) return 0;
  const share =
    refundedShare(granted.amount, refunded.after, order.orderPrice) -
    refundedShare(granted.amount, refunded.before, order.orderPrice);
  if (share <= 0) return 0;
  await openAccount(tx, order.userId);
  const [a] = await tx.select().from(creditAccounts).where(eq(creditAccounts.userId, order.userId)).for('update');
  const take = Math.min(share, (a?.balance ?? 0) - (a?.held ?? 0));
  if (take <= 0) return 0;
  await book(tx, {
    userId: order.userId,
    reason: 'refund',
    ref: `${order.orderNo}:${refunded.after}`,
    amount: -take,
    note: order.orderNo,
  });
  return take;
}
