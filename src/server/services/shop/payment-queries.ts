import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Notice } from '../../db/client';
import { prepared } from '../../db/queries/prepared';
import { OrderStatus, orderEvents, orderSandboxKeys, orders, products, users } from '../../db/schema';
import type { BenefitChange } from './benefits';

/**
 * The statements of paying an order, inside markPaid's transaction (mark-paid.ts): the lock, then
 * the writes with their notices. Each built by drizzle once per connection (db/queries/prepared.ts).
 */

const ph = sql.placeholder;

/**
 * The payer's row and the order, locked in that order (the one every transaction that changes a
 * user keeps: lockUser first) by one statement, the product's tier with them: PostgreSQL takes a
 * joined row's locks in the order FOR UPDATE OF names the tables (tests/api/shop/payment-locks.test.ts).
 * With `sandboxKeyHash`, only while using up that live key of the order's pay link, in the same
 * statement: a second click waits for the first and then finds no key. Nothing when there is no
 * such order (or key).
 */
export async function lockPayment(tx: Db, orderNo: string, sandboxKeyHash?: string) {
  // From the transaction, or from the statement that uses the key up first.
  const lock = (qb: Pick<Db, 'select'>, found: SQL | undefined) =>
    qb
      .select({ user: users, order: orders, level: products.level })
      .from(users)
      .innerJoin(orders, eq(orders.userId, users.id))
      .leftJoin(products, eq(products.id, orders.productId))
      .where(found)
      .for('update', { of: [users, orders] });
  const [row] =
    sandboxKeyHash === undefined
      ? await prepared(tx, 'order_pay_lock', (tx, name) =>
          lock(tx, eq(orders.orderNo, ph('orderNo'))).prepare(name),
        ).execute({ orderNo })
      : await prepared(tx, 'order_pay_lock_key', (tx, name) => {
          const used = tx.$with('used').as(
            tx
              .delete(orderSandboxKeys)
              .where(
                and(
                  eq(orderSandboxKeys.keyHash, ph('keyHash')),
                  eq(
                    orderSandboxKeys.orderId,
                    tx
                      .select({ id: orders.id })
                      .from(orders)
                      .where(eq(orders.orderNo, ph('orderNo'))),
                  ),
                ),
              )
              .returning({ orderId: orderSandboxKeys.orderId }),
          );
          return lock(tx.with(used), inArray(orders.id, tx.select({ id: used.orderId }).from(used))).prepare(name);
        }).execute({ orderNo, keyHash: sandboxKeyHash });
  return row;
}

/**
 * A payment's writes inside markPaid's transaction, in one statement: the
 * order paid, its history line and the benefit on the (locked) user row, then
 * the two notices of `announce`, the first before the second. One round trip,
 * where they were four. Built once per connection for each kind of benefit
 * (its columns differ: days, plus days, compositions).
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
    announce: [Notice, Notice];
  },
): Promise<void> {
  const columns = Object.keys(p.benefit) as (keyof BenefitChange)[];
  // Values of SET go as they are, typed by the column they land in: times as ISO text.
  const value = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  const slot = (name: string) => sql`${ph(name)}`;
  const benefit = Object.fromEntries(columns.map((c) => [`b_${c}`, value(p.benefit[c])]));
  await prepared(tx, `order_pay_write:${columns.join(',')}`, (tx, name) => {
    const paid = tx.$with('paid').as(
      tx
        .update(orders)
        .set({
          orderStatus: OrderStatus.PAID,
          paidAt: slot('at'),
          updatedAt: slot('at'),
          providerTradeNo: slot('tradeNo'),
        })
        .where(eq(orders.id, ph('orderId')))
        .returning({ id: orders.id }),
    );
    const line = tx.$with('line').as(
      tx
        .insert(orderEvents)
        .values({
          orderId: ph('orderId'),
          fromStatus: ph('fromStatus'),
          toStatus: OrderStatus.PAID,
          source: ph('source'),
          detail: ph('detail'),
        })
        .returning({ id: orderEvents.id }),
    );
    const member = tx.$with('member').as(
      tx
        .update(users)
        .set(Object.fromEntries(columns.map((c) => [c, slot(`b_${c}`)])))
        .where(eq(users.id, ph('userId')))
        .returning({ id: users.id }),
    );
    // The first notice is sent by a subquery the paid row is joined with (OFFSET 0 keeps it a
    // subquery), the second by the joined row's own column: it cannot come first.
    return tx
      .with(paid, line, member)
      .select({ sent: sql`pg_notify(${ph('channel2')}, ${ph('payload2')})` })
      .from(sql`${paid}, (select pg_notify(${ph('channel1')}, ${ph('payload1')}) offset 0) as first_notice`)
      .prepare(name);
  }).execute({
    orderId: p.orderId,
    userId: p.userId,
    fromStatus: p.fromStatus,
    at: value(p.at),
    source: p.source,
    tradeNo: p.tradeNo,
    detail: p.detail,
    ...benefit,
    channel1: p.announce[0].channel,
    payload1: p.announce[0].payload,
    channel2: p.announce[1].channel,
    payload2: p.announce[1].payload,
  });
}
