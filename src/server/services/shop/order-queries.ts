import { and, eq, inArray, sql } from 'drizzle-orm';
import { SETTLED_STATUSES } from '../../../shared/shop';
import type { Db } from '../../db/client';
import { prepared } from '../../db/queries/prepared';
import { type Order, OrderStatus, orderEvents, orders, products } from '../../db/schema';

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

export async function insertOrder(db: Db, o: NewOrder): Promise<Order | undefined> {
  const [row] = await prepared(db, 'order_insert', (db, name) =>
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
      .returning()
      .prepare(name),
  ).execute(o);
  return row;
}

/** One state change of an order, for its history. */
export async function insertOrderEvent(
  db: Db,
  e: { orderId: number; fromStatus: number | null; toStatus: number; source: string },
): Promise<void> {
  await prepared(db, 'order_event_insert', (db, name) =>
    db
      .insert(orderEvents)
      .values({ orderId: ph('orderId'), fromStatus: ph('fromStatus'), toStatus: ph('toStatus'), source: ph('source') })
      .prepare(name),
  ).execute(e);
}

/** A new order moves to "paying" with its provider's link, unless something moved it first. */
/** The order placed at the payment service; a sandbox order gets its owner's key in the same write. */
export async function markPaying(
  db: Db,
  id: number,
  p: { payLink: string; keyHash: string | null; now: Date },
): Promise<Order | undefined> {
  const [row] = await prepared(db, 'order_paying', (db, name) =>
    db
      .update(orders)
      .set({
        orderStatus: OrderStatus.PAYING,
        payLink: sql`${ph('payLink')}`,
        sandboxKeyHash: sql`${ph('keyHash')}`,
        updatedAt: sql`${ph('now')}`,
      })
      .where(and(eq(orders.id, ph('id')), eq(orders.orderStatus, OrderStatus.TO_PAY)))
      .returning()
      .prepare(name),
  ).execute({ id, ...p });
  return row;
}
