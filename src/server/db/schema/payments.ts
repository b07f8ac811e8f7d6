import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/**
 * When an unpaid order of WeChat Pay or Alipay is next asked of its service
 * (services/shop/payment-poll.ts). Kept beside the order, not in it: a check
 * changes no order row, so it announces no change of the user's order list.
 * nextCheckAt pushed forward is also the claim: other processes skip the row.
 */
export const paymentChecks = pgTable(
  'payment_checks',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    checks: integer('checks').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_checks_next_idx').on(t.nextCheckAt)],
);

/** Where a payment record came from. */
export const PAYMENT_RECORD_SOURCES = ['notify', 'query', 'bill'] as const;
export type PaymentRecordSource = (typeof PAYMENT_RECORD_SOURCES)[number];
/** A missed payment's review: open until an admin credits or dismisses it. */
export const MISSED_REVIEWS = ['open', 'credited', 'dismissed'] as const;
export type MissedReview = (typeof MISSED_REVIEWS)[number];

/**
 * Every notify (verified or not) and every query answer, against its order
 * (orderNo as the service sent it; orderId when we have that order). A record
 * whose service says "paid" but which we did not credit is a missed payment
 * (review 'open') until an admin credits or dismisses it.
 */
export const paymentRecords = pgTable(
  'payment_records',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    orderNo: text('order_no').notNull(),
    provider: text('provider').notNull(),
    source: text('source').$type<PaymentRecordSource>().notNull(),
    /** Our verdict: paid, already, mismatch, unknown, unpaid, refused, refund… */
    outcome: text('outcome').notNull(),
    /** Fen the message is about: paid, or given back by a refund. */
    amount: integer('amount'),
    tradeNo: text('trade_no'),
    /** A bounded excerpt of what the service sent (a notify's body, a query's answer). */
    raw: text('raw').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    review: text('review').$type<MissedReview>(),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewReason: text('review_reason'),
  },
  (t) => [
    index('payment_records_order_idx').on(t.orderNo, t.at),
    index('payment_records_open_idx').on(t.at).where(sql`review = 'open'`),
  ],
);
export type PaymentRecord = typeof paymentRecords.$inferSelect;

/** One reconciliation of a provider's trade bill for one day: once per provider and date. */
export const reconciliations = pgTable(
  'reconciliations',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    /** YYYY-MM-DD, the bill's day (Beijing). */
    billDate: text('bill_date').notNull(),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull(),
    lines: integer('lines').notNull().default(0),
    differences: integer('differences').notNull().default(0),
    detail: text('detail'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('reconciliations_day_idx').on(t.provider, t.billDate)],
);

export const RECONCILE_KINDS = ['unpaidHere', 'unpaidThere', 'amount', 'refund'] as const;
export type ReconcileKind = (typeof RECONCILE_KINDS)[number];

/**
 * A difference between a bill and our orders: paid there not here, paid here not there, amount or
 * refund differs. Open until an admin resolves it with a reason (resolvedAt); while open, its
 * order's payment records are kept past their retention.
 */
export const reconcileDiffs = pgTable(
  'reconcile_diffs',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => reconciliations.id, { onDelete: 'cascade' }),
    orderNo: text('order_no').notNull(),
    kind: text('kind').$type<ReconcileKind>().notNull(),
    /** Fen on the bill and here. */
    billAmount: integer('bill_amount'),
    ourAmount: integer('our_amount'),
    billRefund: integer('bill_refund'),
    ourRefund: integer('our_refund'),
    resolvedBy: integer('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
  },
  (t) => [
    index('reconcile_diffs_run_idx').on(t.runId),
    index('reconcile_diffs_open_idx').on(t.orderNo).where(sql`resolved_at is null`),
  ],
);
