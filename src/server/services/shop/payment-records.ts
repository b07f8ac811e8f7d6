import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { toSafeText } from '../../../shared/safe-chars';
import type { Db } from '../../db/client';
import { orders, type PaymentRecordSource, paymentRecords, reconcileDiffs } from '../../db/schema';

/** What a record keeps of a service's message: enough to review it, never a whole body. */
export const RAW_EXCERPT = 2_000;

/** Outcomes where the service says "paid" and we credited nothing: a missed payment to review. */
const MISSED = new Set(['mismatch', 'unknown', 'unpaidHere']);

export interface PaymentRecordInput {
  orderNo: string;
  provider: string;
  source: PaymentRecordSource;
  outcome: string;
  /** Fen the message is about: paid (a payment notify, a query's "paid") or given back (a refund). */
  amount?: number;
  tradeNo?: string;
  raw: string;
}

/** A service's words are data: bounded, and cleaned of what PostgreSQL refuses. */
const clean = (s: string, max: number) => toSafeText(s, max) ?? '';

/**
 * Records a notify, a query's answer or a bill line against its order. A
 * payment the service reports that we did not credit opens a review
 * (docs/payments.md#missed-payments).
 */
export async function recordPayment(db: Db, r: PaymentRecordInput) {
  const orderNo = clean(r.orderNo, 64);
  const [order] = orderNo ? await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo)) : [];
  const missed = r.amount !== undefined && MISSED.has(r.outcome);
  await db.insert(paymentRecords).values({
    orderId: order?.id ?? null,
    orderNo,
    provider: r.provider,
    source: r.source,
    outcome: clean(r.outcome, 40),
    amount: r.amount ?? null,
    tradeNo: r.tradeNo ? clean(r.tradeNo, 64) : null,
    raw: clean(r.raw, RAW_EXCERPT),
    review: missed ? 'open' : null,
  });
}

/** An order's records, oldest first (the console's order page). */
export function orderRecords(db: Db, orderNo: string, limit = 200) {
  return db
    .select()
    .from(paymentRecords)
    .where(eq(paymentRecords.orderNo, orderNo))
    .orderBy(asc(paymentRecords.at), asc(paymentRecords.id))
    .limit(limit);
}

/** Missed payments still open, newest first, each with its order's state when we have the order. */
export function openMissed(db: Db, limit = 100) {
  return db
    .select({
      record: paymentRecords,
      orderStatus: orders.orderStatus,
      orderPrice: orders.orderPrice,
      userId: orders.userId,
    })
    .from(paymentRecords)
    .leftJoin(orders, eq(orders.id, paymentRecords.orderId))
    .where(eq(paymentRecords.review, 'open'))
    .orderBy(desc(paymentRecords.at), desc(paymentRecords.id))
    .limit(limit);
}

/** Closes a missed payment's review once (a repeat or a concurrent click finds it closed: false). */
export async function closeReview(
  db: Db,
  id: number,
  review: 'credited' | 'dismissed',
  by: number,
  reason: string,
): Promise<boolean> {
  const rows = await db
    .update(paymentRecords)
    .set({ review, reviewedBy: by, reviewedAt: sql`now()`, reviewReason: reason })
    .where(and(eq(paymentRecords.id, id), eq(paymentRecords.review, 'open')))
    .returning({ id: paymentRecords.id });
  return rows.length > 0;
}

/** Records deleted per statement: a long backlog goes in short transactions. */
const PRUNE_BATCH = 1_000;

/**
 * Deletes payment records older than `before`, except every record of an
 * order with an open missed payment or an unresolved reconciliation
 * difference: those are the evidence of a question not settled. Answers how many went.
 */
export async function prunePaymentRecords(db: Db, before: Date): Promise<number> {
  const pr = paymentRecords;
  let total = 0;
  for (;;) {
    const gone = await db
      .delete(pr)
      .where(
        sql`${pr.id} in (
          select r.id from ${pr} r
          where r.at < ${before}
            and not exists (select 1 from ${pr} o where o.order_no = r.order_no and o.review = 'open')
            and not exists (select 1 from ${reconcileDiffs} d where d.order_no = r.order_no and d.resolved_at is null)
          limit ${PRUNE_BATCH})`,
      )
      .returning({ id: pr.id });
    total += gone.length;
    if (gone.length < PRUNE_BATCH) return total;
  }
}
