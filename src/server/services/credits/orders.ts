import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditAccounts, creditMovements, orders, products } from '../../db/schema';
import { DomainError } from '../../errors';
import { refundedShare } from '../shop/benefits';
import { book, type CreditReason, openAccount } from './book';

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
  return takeBackFree(tx, {
    userId: order.userId,
    reason: 'refund',
    ref: `${order.orderNo}:${refunded.after}`,
    most: share,
    note: order.orderNo,
  });
}

/**
 * Takes back up to `most` credits, but only what the user has free (balance
 * - held): credits already spent stay spent, and the balance never goes below
 * zero. Booked under (reason, ref), so a repeat takes nothing more.
 */
export async function takeBackFree(
  tx: Db,
  m: { userId: number; reason: CreditReason; ref: string; most: number; note?: string },
): Promise<number> {
  if (m.most <= 0) return 0;
  await openAccount(tx, m.userId);
  const [a] = await tx.select().from(creditAccounts).where(eq(creditAccounts.userId, m.userId)).for('update');
  const take = Math.min(m.most, (a?.balance ?? 0) - (a?.held ?? 0));
  if (take <= 0) return 0;
  const booked = await book(tx, { userId: m.userId, reason: m.reason, ref: m.ref, amount: -take, note: m.note });
  return booked ? take : 0;
}

/**
 * What refunding `amount` fen of an order would take back of its credit pack,
 * as withdrawOrderCredits would take it now: the credits the refund's share
 * covers, how many of them come back (what the user has free) and how many
 * are already spent and stay spent. The console shows it before the admin confirms.
 */
export async function creditRefundPreview(db: Db, orderNo: string, amount: number) {
  const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!o) throw new DomainError(404, 'error.notFound', { status: 404 });
  const [granted] = await db
    .select({ amount: creditMovements.amount })
    .from(creditMovements)
    .where(and(eq(creditMovements.reason, 'purchase'), eq(creditMovements.ref, orderNo)));
  if (!granted) return { credits: 0, back: 0, spent: 0 };
  const after = Math.min(o.orderPrice, o.refundedAmount + amount);
  const share =
    refundedShare(granted.amount, after, o.orderPrice) - refundedShare(granted.amount, o.refundedAmount, o.orderPrice);
  const [a] = await db.select().from(creditAccounts).where(eq(creditAccounts.userId, o.userId));
  const back = Math.max(0, Math.min(share, (a?.balance ?? 0) - (a?.held ?? 0)));
  return { credits: Math.max(0, share), back, spent: Math.max(0, share - back) };
}
