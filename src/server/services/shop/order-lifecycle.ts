import { and, asc, inArray, lt } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages';
import type { Db } from '../../db/client';
import { type Order, OrderStatus, orders } from '../../db/schema';
import { DomainError } from '../../errors';
import type { JobSpec } from '../../jobs/runner';
import type { Runtime } from '../../runtime';
import { forgetList } from '../user-lists';
import { markPaid } from './mark-paid';
import { moveStatus, orderDtoIn, ownOrder, UNPAID } from './orders';

async function closed(rt: Runtime, order: Order, status: number) {
  await rt.payment
    .closePayment(order.orderNo)
    .catch((err: Error) => rt.log.warn('closing payment failed', { orderNo: order.orderNo, err: err.message }));
  await rt.hub.publish(
    order.orderNo,
    { code: Code.SUCCESS, data: { orderStatus: status, orderDesc: order.orderDesc } },
    { userId: order.userId },
  );
}

/** The owner cancels an unpaid order (status 6). */
export async function cancelOrder(rt: Runtime, userId: number, orderNo: string, lang: Language = DEFAULT_LANGUAGE) {
  const order = await ownOrder(rt.database.db, userId, orderNo);
  if (!(await moveStatus(rt.database.db, order, OrderStatus.CANCELLED, 'user')))
    throw new DomainError(Code.BAD_REQUEST, 'shop:order.cancel.notUnpaid');
  forgetList(rt, 'orders', userId);
  await closed(rt, order, OrderStatus.CANCELLED);
  return orderDtoIn(lang)({ ...order, orderStatus: OrderStatus.CANCELLED });
}

/**
 * Auto-cancels orders past their pay limit (status 7). Each is first asked
 * of the payment service, so a payment whose notify was lost is honoured.
 * Rows are claimed with SKIP LOCKED, so several processes share the work.
 */
export async function sweepExpiredOrders(rt: Runtime, now = new Date(), batch = 50): Promise<number> {
  const { db } = rt.database;
  const due = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(orders)
      .where(and(inArray(orders.orderStatus, UNPAID), lt(orders.expiresAt, now)))
      .orderBy(asc(orders.expiresAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const o of rows) await moveStatus(tx as unknown as Db, o, OrderStatus.AUTO_CANCELLED, 'timeout');
    return rows;
  });
  for (const order of due) {
    const status = await rt.payment
      .queryPayment(order.orderNo)
      .catch(() => ({ paid: false, amount: undefined, tradeNo: undefined }));
    if (status.paid) {
      await markPaid(rt, order.orderNo, {
        amount: status.amount ?? -1,
        source: `${rt.payment.mode}:query`,
        tradeNo: status.tradeNo,
        // Paid before this sweep found the order unpaid (its notify was lost): not late for the user.
        onTime: true,
      });
      continue;
    }
    await closed(rt, order, OrderStatus.AUTO_CANCELLED);
  }
  return due.length;
}

/** The order sweeper (jobs/runner.ts): sweeps every 30 s, first 30 s after start-up; errors are logged, never thrown. */
export function orderSweeperJob(rt: Runtime, everyMs = 30_000): JobSpec<never> {
  return { name: 'order sweeper', log: rt.log, pollMs: everyMs, sweep: () => sweepExpiredOrders(rt) };
}
