import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products, type Translations } from './products';
import { users } from './users';

/** Order status codes, shared with the browser (docs/state-machines.md). */
export { OrderStatus } from '../../../shared/shop';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productCode: text('product_code').notNull(),
    productType: integer('product_type').notNull(),
    productBenefit: integer('product_benefit').notNull(),
    orderDesc: text('order_desc').notNull(),
    /** The product's en-US and zh-TW names when the order was made (orderDesc is the zh-CN one). */
    orderDescNames: jsonb('order_desc_names').$type<Translations>().notNull().default({}),
    /** Fen, copied from the product when the order was made. */
    orderPrice: integer('order_price').notNull(),
    orderStatus: integer('order_status').notNull(),
    payProvider: text('pay_provider').notNull(),
    payLink: text('pay_link'),
    payLimitTime: integer('pay_limit_time').notNull(),
    providerTradeNo: text('provider_trade_no'),
    /** Fen given back by completed refunds (docs/payments.md#refunds). */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_no_idx').on(t.orderNo),
    // The order list: the user's newest first (services/shop/orders.ts listOrders).
    index('orders_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // One unpaid order per user and product, enforced by the database under any race.
    uniqueIndex('orders_one_unpaid_idx').on(t.userId, t.productId).where(sql`order_status in (2, 5)`),
    index('orders_expiry_idx').on(t.expiresAt).where(sql`order_status in (2, 5)`),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_paid_at_idx').on(t.paidAt).where(sql`paid_at is not null`),
  ],
);

/**
 * The live one-time key of a sandbox order's pay link (its SHA-256), while it has one. Kept beside
 * the order, not in it: issuing and using a key then changes no order row, so it announces no change
 * of the user's order list (migrations/0029) and takes no lock an order's payment waits for.
 */
export const orderSandboxKeys = pgTable('order_sandbox_keys', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull(),
});

/** Every state change of an order, with its time and source. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    source: text('source').notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);

export type Order = typeof orders.$inferSelect;

/** Refund states (docs/state-machines.md#refunds). */
export const REFUND_STATES = ['processing', 'success', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * A refund of (part of) an order, asked in the console. refundNo is ours and
 * is what the payment service knows it by; a processing refund holds its
 * amount, so concurrent refunds never exceed the order's price. A processing
 * refund is leased like a drawing or a song (claimToken, leaseUntil): the
 * refund worker asks the service again under the same number once nobody
 * holds it and its nextTryAt has come (services/shop/refund-worker.ts).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    refundNo: text('refund_no').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** Fen. */
    amount: integer('amount').notNull(),
    status: text('status').$type<RefundState>().notNull(),
    reason: text('reason').notNull(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    /** The console form's id: a repeated or concurrent click finds this row instead of refunding again. */
    requestId: text('request_id').notNull(),
    providerRefundId: text('provider_refund_id'),
    /** The service's refusal, or what the benefit withdrawal changed. */
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Times the service was asked (the console's form, then each claim of the worker); sets the backoff. */
    attempts: integer('attempts').notNull().default(0),
    claimToken: text('claim_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** When a processing refund is asked again; null: as soon as nobody holds it. */
    nextTryAt: timestamp('next_try_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_refunds_no_idx').on(t.refundNo),
    index('order_refunds_processing_idx').on(t.nextTryAt).where(sql`status = 'processing'`),
    uniqueIndex('order_refunds_request_idx').on(t.actorId, t.requestId),
    index('order_refunds_order_idx').on(t.orderId),
  ],
);
export type OrderRefund = typeof orderRefunds.$inferSelect;
