import { and, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { prepared } from '../../db/queries/prepared';
import { OrderStatus, orders } from '../../db/schema';
import { DomainError } from '../../errors';
import { hashKey } from '../../one-time-key';
import { keyedSandboxLink } from '../../providers/payment/sandbox';
import type { Runtime } from '../../runtime';
import { forgetList } from '../user-lists';
import { markPaid } from './mark-paid';
import { moveStatus, ownOrder, UNPAID } from './orders';

const invalidLink = () => new DomainError(Code.NOT_FOUND, 'order:sandbox.invalidLink', { status: 404 });

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
      .update(orders)
      .set({ sandboxKeyHash: sql`${sql.placeholder('keyHash')}` })
      .where(
        and(
          eq(orders.orderNo, sql.placeholder('orderNo')),
          eq(orders.userId, sql.placeholder('userId')),
          eq(orders.payProvider, 'sandbox'),
          inArray(orders.orderStatus, UNPAID),
        ),
      )
      .returning({ orderNo: orders.orderNo })
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
  throw new DomainError(Code.BAD_REQUEST, 'order:cancel.notUnpaid', { status: 400 });
}

/** The order a sandbox pay page may act on: its link's key must be the live one. Changes nothing. */
export async function orderForSandboxKey(db: Db, orderNo: string, key: string | null) {
  if (!key) return null;
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.sandboxKeyHash, hashKey(key))))
    .limit(1);
  return o ?? null;
}

/**
 * The sandbox page's 'confirm payment' or 'cancel': uses the key up first
 * (so two clicks, or two phones, act once), then pays through markPaid or
 * cancels. A wrong or used key changes nothing.
 */
export async function actOnSandboxKey(rt: Runtime, orderNo: string, key: string, action: 'confirm' | 'cancel') {
  const { db } = rt.database;
  if (rt.payment.mode !== 'sandbox') throw invalidLink();
  const [order] = await db
    .update(orders)
    .set({ sandboxKeyHash: null })
    .where(and(eq(orders.orderNo, orderNo), eq(orders.sandboxKeyHash, hashKey(key))))
    .returning();
  if (!order) throw invalidLink();
  if (action === 'confirm') {
    const paid = await markPaid(rt, orderNo, { amount: order.orderPrice, source: 'sandbox', userId: order.userId });
    if (paid === 'paid') return { orderStatus: OrderStatus.PAID };
  } else if (await moveStatus(db, order, OrderStatus.CANCELLED, 'sandbox')) {
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
