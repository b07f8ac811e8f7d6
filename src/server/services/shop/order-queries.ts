import { and, eq, inArray, type SQL, sql, type WithSubquery } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { SETTLED_STATUSES } from '../../../shared/shop';
import type { Db } from '../../db/client';
import { prepared } from '../../db/queries/prepared';
import { type Order, OrderStatus, orderEvents, orders, products, pushChannels } from '../../db/schema';

/**
 * The statements of creating an order, each built by drizzle and planned by
 * PostgreSQL once per connection instead of per order (db/queries/prepared.ts):
 * an order is a dozen statements, and building and planning them again was
 * most of its CPU in Node and in the database. The same statements as before,
 * in the same order: only how often they are compiled changed.
 */

/** Statuses of an order still waiting for its payment (docs/state-machines.md). */
export const UNPAID: number[] = [OrderStatus.TO_PAY, OrderStatus.PAYING];

const ph = sql.placeholder;

export const productForOrder = (db: Db, id: number, code: string) =>
  prepared(db, 'order_product', (db, name) =>
    db
      .select()
      .from(products)
      .where(and(eq(products.id, ph('id')), eq(products.productCode, ph('code'))))
      .limit(1)
      .prepare(name),
  ).execute({ id, code });

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

/** The columns a new unpaid order is written with. */
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
>;

/**
 * The history line of a status change written in the same statement
 * (insert … select from the CTE `changed`): the insert names every column,
 * so the id is drawn from its sequence as a default would.
 */
function historyOf(db: Db, changed: WithSubquery & { id: PgColumn; orderStatus: PgColumn }, from: SQL, source: SQL) {
  return db.$with(`${changed._.alias}_history`).as(
    db.insert(orderEvents).select((qb) =>
      qb
        .select({
          id: sql`nextval(pg_get_serial_sequence('order_events', 'id'))`.as('id'),
          orderId: changed.id,
          fromStatus: sql`${from}`.as('from_status'),
          toStatus: changed.orderStatus,
          source: sql`${source}`.as('source'),
          detail: sql`null::text`.as('detail'),
          at: sql`now()`.as('at'),
        })
        .from(changed),
    ),
  );
}

/**
 * Writes a new unpaid order with its first history line and its private push
 * channel in one statement (data-modifying CTEs): one round trip instead of
 * three, and all or nothing. A second unpaid order of the same product fails
 * on `orders_one_unpaid_idx` before anything is written.
 */
export async function insertOrder(db: Db, o: NewOrder): Promise<Order | undefined> {
  const [row] = await prepared(db, 'order_insert', (db, name) => {
    const placed = db.$with('placed').as(
      db
        .insert(orders)
        .values({
          orderNo: ph('orderNo'),
          userId: ph('userId'),
          productId: ph('productId'),
          productCode: ph('productCode'),
          productType: ph('productType'),
          productBenefit: ph('productBenefit'),
          orderDesc: ph('orderDesc'),
          orderDescNames: ph('orderDescNames'),
          orderPrice: ph('orderPrice'),
          payProvider: ph('payProvider'),
          payLimitTime: ph('payLimitTime'),
          createdAt: ph('createdAt'),
          expiresAt: ph('expiresAt'),
          orderStatus: ph('orderStatus'),
        })
        .returning(),
    );
    const history = historyOf(db, placed, sql`null::int`, sql`'create'`);
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
    return db.with(placed, history, channel).select().from(placed).prepare(name);
  }).execute(o);
  return row;
}

/**
 * The order placed at the payment service moves to "paying" with its link (a
 * sandbox order also gets its owner's key), unless something moved it first;
 * the move is written to its history in the same statement.
 */
export async function markPaying(
  db: Db,
  id: number,
  p: { payLink: string; keyHash: string | null; now: Date; source: string },
): Promise<Order | undefined> {
  const [row] = await prepared(db, 'order_paying', (db, name) => {
    const moved = db.$with('moved').as(
      db
        .update(orders)
        .set({
          orderStatus: OrderStatus.PAYING,
          payLink: sql`${ph('payLink')}`,
          sandboxKeyHash: sql`${ph('keyHash')}`,
          updatedAt: sql`${ph('now')}`,
        })
        .where(and(eq(orders.id, ph('id')), eq(orders.orderStatus, OrderStatus.TO_PAY)))
        .returning(),
    );
    const history = historyOf(db, moved, sql`${OrderStatus.TO_PAY}::int`, sql`${ph('source')}::text`);
    return db.with(moved, history).select().from(moved).prepare(name);
  }).execute({ id, ...p });
  return row;
}
