import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { Language } from '../../../shared/i18n';
import type { Db } from '../../db/client';
import { prepared } from '../../db/queries/prepared';
import { OrderStatus, orderSandboxKeys, orders } from '../../db/schema';
import { DomainError } from '../../errors';
import { hashKey } from '../../one-time-key';
import { keyedSandboxLink } from '../../providers/payment/sandbox';
import type { Runtime } from '../../runtime';
import { forgetList } from '../user-lists';
import { markPaid } from './mark-paid';
import { moveStatus, ownOrder, UNPAID } from './orders';
import { localText } from './products';

const invalidLink = () => new DomainError(Code.NOT_FOUND, 'shop:order.sandbox.invalidLink', { status: 404 });

/**
 * A fresh one-time key for an unpaid sandbox order of `userId`, returned
 * inside its pay link; the previous key stops working. Null when it is not
 * such an order.
 */
async function issueKey(rt: Runtime, orderNo: string, userId: number): Promise<string | null> {
  if (rt.payment.mode !== 'sandbox') return null;
  const { link, keyHash } = keyedSandboxLink(rt.env.PUBLIC_ORIGIN, orderNo);
  const rekey = prepared(rt.database.db, 'order_sandbox_key', (db, name) =>
    db
      .insert(orderSandboxKeys)
      .select((qb) =>
        qb
          .select({ orderId: orders.id, keyHash: sql`${sql.placeholder('keyHash')}::text`.as('key_hash') })
          .from(orders)
          .where(
            and(
              eq(orders.orderNo, sql.placeholder('orderNo')),
              eq(orders.userId, sql.placeholder('userId')),
              eq(orders.payProvider, 'sandbox'),
              inArray(orders.orderStatus, UNPAID),
            ),
          ),
      )
      .onConflictDoUpdate({ target: orderSandboxKeys.orderId, set: { keyHash: sql`excluded.key_hash` } })
      .returning({ orderId: orderSandboxKeys.orderId })
      .prepare(name),
  );
  const [row] = await rekey.execute({ orderNo, keyHash, userId });
  return row ? link : null;
}

/**
 * The owner's pay dialog asks for a keyed link of an unpaid order (e.g.
 * reopened from the order list): one statement when it is one; else whose
 * order it is decides between 404 and "not unpaid".
 */
export async function ownerSandboxLink(rt: Runtime, userId: number, orderNo: string): Promise<string> {
  const link = await issueKey(rt, orderNo, userId);
  if (link) return link;
  await ownOrder(rt.database.db, userId, orderNo);
  throw new DomainError(Code.BAD_REQUEST, 'shop:order.cancel.notUnpaid', { status: 400 });
}

/** The order a sandbox pay page may act on: its link's key must be the live one. Changes nothing. */
export async function orderForSandboxKey(db: Db, orderNo: string, key: string | null) {
  if (!key) return null;
  const [o] = await db
    .select(getTableColumns(orders))
    .from(orders)
    .innerJoin(orderSandboxKeys, eq(orderSandboxKeys.orderId, orders.id))
    .where(and(eq(orders.orderNo, orderNo), eq(orderSandboxKeys.keyHash, hashKey(key))))
    .limit(1);
  return o ?? null;
}

/**
 * What the sandbox pay page shows (its island asks with the link's key): the
 * order in `lang`, without using the key up. A wrong or used key, an unknown
 * order and a site without the sandbox all look the same: an invalid link.
 */
export async function sandboxOrderView(rt: Runtime, orderNo: string, key: string, lang: Language) {
  const order = rt.payment.mode === 'sandbox' ? await orderForSandboxKey(rt.database.db, orderNo, key) : null;
  if (!order) throw invalidLink();
  return {
    orderNo: order.orderNo,
    orderPrice: order.orderPrice,
    orderStatus: order.orderStatus,
    product: localText(order.orderDesc, order.orderDescNames, lang),
  };
}

/** Uses up the live key of an order's pay link, answering the order; undefined when it was not the live key. */
async function spendKey(db: Db, orderNo: string, key: string) {
  const [order] = await prepared(db, 'order_sandbox_key_use', (db, name) => {
    const used = db.$with('used').as(
      db
        .delete(orderSandboxKeys)
        .where(
          and(
            eq(orderSandboxKeys.keyHash, sql.placeholder('keyHash')),
            eq(
              orderSandboxKeys.orderId,
              db
                .select({ id: orders.id })
                .from(orders)
                .where(eq(orders.orderNo, sql.placeholder('orderNo'))),
            ),
          ),
        )
        .returning({ orderId: orderSandboxKeys.orderId }),
    );
    return db
      .with(used)
      .select(getTableColumns(orders))
      .from(orders)
      .innerJoin(used, eq(used.orderId, orders.id))
      .prepare(name);
  }).execute({ orderNo, keyHash: hashKey(key) });
  return order;
}

/**
 * The sandbox page's 'confirm payment' or 'cancel': uses the key up first
 * (so two clicks, or two phones, act once), then pays through markPaid (which
 * uses it up in its own transaction, so a payment that fails keeps the key)
 * or cancels. A wrong or used key changes nothing.
 */
export async function actOnSandboxKey(rt: Runtime, orderNo: string, key: string, action: 'confirm' | 'cancel') {
  const { db } = rt.database;
  if (rt.payment.mode !== 'sandbox') throw invalidLink();
  if (action === 'confirm') {
    const paid = await markPaid(rt, orderNo, { source: 'sandbox', sandboxKeyHash: hashKey(key) });
    if (paid === 'paid') return { orderStatus: OrderStatus.PAID };
    if (paid !== 'already') throw invalidLink();
    // Paid, or refunded, before: say what the order is now.
    const [now] = await db.select({ s: orders.orderStatus }).from(orders).where(eq(orders.orderNo, orderNo));
    return { orderStatus: now?.s ?? OrderStatus.PAID };
  }
  const order = await spendKey(db, orderNo, key);
  if (!order) throw invalidLink();
  if (await moveStatus(db, order, OrderStatus.CANCELLED, 'sandbox')) {
    forgetList(rt, 'orders', order.userId);
    await rt.hub.publish(
      orderNo,
      { code: Code.SUCCESS, data: { orderStatus: OrderStatus.CANCELLED, orderDesc: order.orderDesc } },
      { userId: order.userId },
    );
  }
  const [now] = await db.select({ s: orders.orderStatus }).from(orders).where(eq(orders.id, order.id));
  return { orderStatus: now?.s ?? order.orderStatus };
}
