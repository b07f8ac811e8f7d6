import { and, eq, inArray, sql } from 'drizzle-orm';
import { SETTLED_STATUSES } from '../../../shared/shop';
import type { Db } from '../../db/client';
import { batched } from '../../db/queries/batched';
import { prepared } from '../../db/queries/prepared';
import { type Order, OrderStatus, orderEvents, orderSandboxKeys, orders, pushChannels } from '../../db/schema';

/**
 * The statements of creating an order, built by drizzle
 * and planned by PostgreSQL once per connection instead of per order
 * (db/queries/prepared.ts) and shared by the orders made at the same moment
 * (db/queries/batched.ts). Paying's: payment-queries.ts.
 */

/** Statuses of an order still waiting for its payment (docs/state-machines.md). */
export const UNPAID: number[] = [OrderStatus.TO_PAY, OrderStatus.PAYING];

const ph = sql.placeholder;

/** How many settled orders of the product the user holds (a partly refunded one still counts). */
export async function settledCount(db: Db, userId: number, productId: number): Promise<number> {
  const [row] = await prepared(db, 'order_settled_count', (db, name) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.userId, ph('userId')),
          eq(orders.productId, ph('productId')),
          inArray(orders.orderStatus, [...SETTLED_STATUSES]),
        ),
      )
      .prepare(name),
  ).execute({ userId, productId });
  return Number(row?.n ?? 0);
}

export async function findUnpaid(db: Db, userId: number, productId: number): Promise<Order | undefined> {
  const [o] = await prepared(db, 'order_unpaid', (db, name) =>
    db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, ph('userId')),
          eq(orders.productId, ph('productId')),
          inArray(orders.orderStatus, UNPAID),
        ),
      )
      .limit(1)
      .prepare(name),
  ).execute({ userId, productId });
  return o;
}

/** The columns a new order is written with, and what its second history line says. */
export type NewOrder = Pick<
  Order,
  | 'orderNo'
  | 'userId'
  | 'productId'
  | 'productCode'
  | 'productType'
  | 'productBenefit'
  | 'orderDesc'
  | 'orderDescNames'
  | 'orderPrice'
  | 'payProvider'
  | 'payLimitTime'
  | 'createdAt'
  | 'expiresAt'
  | 'orderStatus'
  | 'payLink'
> & {
  /** The sandbox link's one-time key (its hash), handed to the owner with the new order; else null. */
  sandboxKeyHash: string | null;
  /** What moved it from "to pay": the payment service's mode, or 'provider' when it refused. */
  source: string;
  detail: string | null;
};

/** A new order's columns as the statement reads them from its JSON parameter, one object per order. */
const newOrders = sql`json_to_recordset(${ph('orders')}::json) as o(
  order_no text, user_id int, product_id int, product_code text, product_type int, product_benefit int,
  order_desc text, order_desc_names jsonb, order_price int, pay_provider text, pay_link text,
  pay_limit_time int, created_at timestamptz, expires_at timestamptz, order_status int,
  sandbox_key_hash text, source text, detail text)`;
const o = (column: string) => sql.raw(`o.${column}`);

/**
 * Writes new orders, each as the payment service left it, with its history,
 * its private push channel and (sandbox) its pay-link key, in one statement
 * (data-modifying CTEs): all or nothing. Many requests' orders share the
 * statement (db/queries/batched.ts). An order that would be its user's second
 * unpaid order of the product (`orders_one_unpaid_idx`) is not written, and
 * answers undefined; so does one whose number is taken.
 *
 * Its history's first two lines: created ("to pay"), then placed at the
 * payment service ("paying") or refused by it ("failed"), as
 * docs/state-machines.md draws them, numbered in that order.
 */
async function insertOrders(db: Db, list: readonly NewOrder[]): Promise<(Order | undefined)[]> {
  const rows = await prepared(db, 'order_insert', (db, name) => {
    // Every column of the table, in its order (an insert from a select names them all); ids from
    // the sequence as a default would draw them. drizzle names these columns by alias alone, so
    // where `placed` has a column of the same name they are written out as input.<column>.
    const input = db.$with('input').as(
      db
        .select({
          id: sql<number>`nextval(pg_get_serial_sequence('orders', 'id'))`.as('id'),
          orderNo: sql<string>`${o('order_no')}`.as('order_no'),
          userId: sql<number>`${o('user_id')}`.as('user_id'),
          productId: sql<number>`${o('product_id')}`.as('product_id'),
          productCode: sql<string>`${o('product_code')}`.as('product_code'),
          productType: sql<number>`${o('product_type')}`.as('product_type'),
          productBenefit: sql<number>`${o('product_benefit')}`.as('product_benefit'),
          orderDesc: sql<string>`${o('order_desc')}`.as('order_desc'),
          orderDescNames: sql`coalesce(${o('order_desc_names')}, '{}'::jsonb)`.as('order_desc_names'),
          orderPrice: sql<number>`${o('order_price')}`.as('order_price'),
          orderStatus: sql<number>`${o('order_status')}`.as('order_status'),
          payProvider: sql<string>`${o('pay_provider')}`.as('pay_provider'),
          payLink: sql<string | null>`${o('pay_link')}`.as('pay_link'),
          payLimitTime: sql<number>`${o('pay_limit_time')}`.as('pay_limit_time'),
          providerTradeNo: sql<string | null>`null::text`.as('provider_trade_no'),
          refundedAmount: sql<number>`0`.as('refunded_amount'),
          createdAt: sql<Date>`${o('created_at')}`.as('created_at'),
          updatedAt: sql<Date>`${o('created_at')}`.as('updated_at'),
          expiresAt: sql<Date>`${o('expires_at')}`.as('expires_at'),
          paidAt: sql<Date | null>`null::timestamptz`.as('paid_at'),
          sandboxKeyHash: sql<string | null>`${o('sandbox_key_hash')}`.as('sandbox_key_hash'),
          source: sql<string>`${o('source')}`.as('source'),
          detail: sql<string | null>`${o('detail')}`.as('detail'),
        })
        .from(newOrders),
    );
    // Written in (user, product) order, so two statements racing for one user's unpaid slot take
    // their locks in the same order.
    const placed = db.$with('placed').as(
      db
        .insert(orders)
        .select((qb) =>
          qb
            .select({
              id: input.id,
              orderNo: input.orderNo,
              userId: input.userId,
              productId: input.productId,
              productCode: input.productCode,
              productType: input.productType,
              productBenefit: input.productBenefit,
              orderDesc: input.orderDesc,
              orderDescNames: input.orderDescNames,
              orderPrice: input.orderPrice,
              orderStatus: input.orderStatus,
              payProvider: input.payProvider,
              payLink: input.payLink,
              payLimitTime: input.payLimitTime,
              providerTradeNo: input.providerTradeNo,
              refundedAmount: input.refundedAmount,
              createdAt: input.createdAt,
              updatedAt: input.updatedAt,
              expiresAt: input.expiresAt,
              paidAt: input.paidAt,
            })
            .from(input)
            .orderBy(input.userId, input.productId),
        )
        .onConflictDoNothing()
        .returning(),
    );
    const history = db.$with('history').as(
      db.insert(orderEvents).select((qb) =>
        qb
          .select({
            id: sql`nextval(pg_get_serial_sequence('order_events', 'id'))`.as('id'),
            orderId: placed.id,
            fromStatus: sql`line.from_status`.as('from_status'),
            toStatus: sql`line.to_status`.as('to_status'),
            source: sql`line.source`.as('source'),
            detail: sql`line.detail`.as('detail'),
            at: sql`now()`.as('at'),
          })
          .from(placed)
          .innerJoin(input, sql`input.order_no = ${placed.orderNo}`)
          .crossJoin(
            sql`lateral (values
              (1, null::int, ${sql.raw(String(OrderStatus.TO_PAY))}::int, 'create'::text, null::text),
              (2, ${sql.raw(String(OrderStatus.TO_PAY))}::int, input.order_status, input.source, input.detail)
            ) as line (n, from_status, to_status, source, detail)`,
          )
          .orderBy(placed.id, sql`line.n`),
      ),
    );
    const channel = db.$with('channel').as(
      db
        .insert(pushChannels)
        .select((qb) =>
          qb
            .select({
              taskId: placed.orderNo,
              userId: placed.userId,
              keyHash: sql`null::text`.as('key_hash'),
              kind: sql`'order'`.as('kind'),
              createdAt: sql`now()`.as('created_at'),
            })
            .from(placed),
        )
        .onConflictDoNothing(),
    );
    const key = db.$with('key').as(
      db.insert(orderSandboxKeys).select((qb) =>
        qb
          .select({ orderId: placed.id, keyHash: sql`input.sandbox_key_hash`.as('key_hash') })
          .from(placed)
          .innerJoin(input, sql`input.order_no = ${placed.orderNo}`)
          .where(sql`input.sandbox_key_hash is not null`),
      ),
    );
    return db.with(input, placed, history, channel, key).select().from(placed).prepare(name);
  }).execute({ orders: JSON.stringify(list.map(asInput)) });
  const byNo = new Map(rows.map((r) => [r.orderNo, r]));
  // An order number is unique: a row under it written for someone else is not this caller's order.
  return list.map((n) => {
    const row = byNo.get(n.orderNo);
    return row?.userId === n.userId && row.productId === n.productId ? row : undefined;
  });
}

/** A new order as its statement's JSON parameter reads it (snake_case, like the columns). */
const asInput = (n: NewOrder) => ({
  order_no: n.orderNo,
  user_id: n.userId,
  product_id: n.productId,
  product_code: n.productCode,
  product_type: n.productType,
  product_benefit: n.productBenefit,
  order_desc: n.orderDesc,
  order_desc_names: n.orderDescNames,
  order_price: n.orderPrice,
  pay_provider: n.payProvider,
  pay_link: n.payLink,
  pay_limit_time: n.payLimitTime,
  created_at: n.createdAt,
  expires_at: n.expiresAt,
  order_status: n.orderStatus,
  sandbox_key_hash: n.sandboxKeyHash,
  source: n.source,
  detail: n.detail,
});

/** Writes a new order (insertOrders); undefined when the user already has an unpaid order of the product. */
export function insertOrder(db: Db, order: NewOrder): Promise<Order | undefined> {
  return batched(db, 'order_insert', insertOrders)(order);
}
