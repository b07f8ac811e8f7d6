import { and, eq, inArray, sql } from 'drizzle-orm';
import { SETTLED_STATUSES } from '../../../shared/shop';
import type { Db } from '../../db/client';
import { prepared } from '../../db/queries/prepared';
import { type Order, OrderStatus, orderEvents, orderSandboxKeys, orders, pushChannels, users } from '../../db/schema';
import type { BenefitChange } from './benefits';

/**
 * The statements of creating and paying an order: creating's built by drizzle
 * and planned by PostgreSQL once per connection instead of per order
 * (db/queries/prepared.ts); paying's in one statement inside its transaction.
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

/**
 * A new order's first two history lines: created ("to pay"), then placed at
 * the payment service ("paying") or refused by it ("failed"), as
 * docs/state-machines.md draws them. Numbered, so they keep that order.
 */
const firstLines = sql`(values
  (1, null::int, ${sql.raw(String(OrderStatus.TO_PAY))}::int, 'create'::text, null::text),
  (2, ${sql.raw(String(OrderStatus.TO_PAY))}::int, ${ph('orderStatus')}::int, ${ph('source')}::text, ${ph('detail')}::text)
) as line (n, from_status, to_status, source, detail)`;

/**
 * Writes a new order, as the payment service left it, with its history, its
 * private push channel and (sandbox) its pay-link key, in one statement
 * (data-modifying CTEs): one round trip instead of five, and all or nothing.
 * A second unpaid order of the same product fails on `orders_one_unpaid_idx`
 * before anything is written.
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
          payLink: ph('payLink'),
          payLimitTime: ph('payLimitTime'),
          createdAt: ph('createdAt'),
          updatedAt: ph('createdAt'),
          expiresAt: ph('expiresAt'),
          orderStatus: ph('orderStatus'),
        })
        .returning(),
    );
    // The insert names every column: the id is drawn from its sequence as a default would.
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
          .crossJoin(firstLines)
          .orderBy(sql`line.n`),
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
          .select({ orderId: placed.id, keyHash: sql`${ph('sandboxKeyHash')}::text`.as('key_hash') })
          .from(placed)
          .where(sql`${ph('sandboxKeyHash')}::text is not null`),
      ),
    );
    return db.with(placed, history, channel, key).select().from(placed).prepare(name);
  }).execute(o);
  return row;
}

/**
 * A payment's writes inside markPaid's transaction, in one statement: the
 * order paid, its history line and the benefit on the (locked) user row.
 * One round trip, where they were three.
 */
export async function writePayment(
  tx: Db,
  p: {
    orderId: number;
    userId: number;
    fromStatus: number;
    at: Date;
    source: string;
    tradeNo: string | null;
    detail: string | null;
    benefit: BenefitChange;
  },
): Promise<void> {
  const paid = tx
    .$with('paid')
    .as(
      tx
        .update(orders)
        .set({ orderStatus: OrderStatus.PAID, paidAt: p.at, updatedAt: p.at, providerTradeNo: p.tradeNo })
        .where(eq(orders.id, p.orderId))
        .returning({ id: orders.id }),
    );
  const line = tx.$with('line').as(
    tx
      .insert(orderEvents)
      .values({
        orderId: p.orderId,
        fromStatus: p.fromStatus,
        toStatus: OrderStatus.PAID,
        source: p.source,
        detail: p.detail,
      })
      .returning({ id: orderEvents.id }),
  );
  const member = tx
    .$with('member')
    .as(tx.update(users).set(p.benefit).where(eq(users.id, p.userId)).returning({ id: users.id }));
  await tx.with(paid, line, member).select({ id: paid.id }).from(paid);
}
