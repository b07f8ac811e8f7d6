import { Code } from '../../../shared/codes';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages';
import { type Order, OrderStatus } from '../../db/schema';
import { DomainError } from '../../errors';
import type { JobSpec } from '../../jobs/runner';
import type { Runtime } from '../../runtime';
import { forgetList } from '../user-lists';
import { moveStatus, orderDtoIn, ownOrder } from './orders';
import { askService, claimChecks } from './payment-poll';

async function published(rt: Runtime, order: Order, status: number) {
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
  await rt.payment
    .closePayment(order.orderNo)
    .catch((err: Error) => rt.log.warn('closing payment failed', { orderNo: order.orderNo, err: err.message }));
  await published(rt, order, OrderStatus.CANCELLED);
  return orderDtoIn(lang)({ ...order, orderStatus: OrderStatus.CANCELLED });
}

/** How long an expired order the sweeper took is left to it (the next try after a failed close). */
const SWEEP_HOLD_MS = 60_000;

/**
 * Auto-cancels orders past their pay limit (status 7). Each is first asked
 * of the payment service, so a payment whose notify was lost is honoured,
 * then closed there, and only once the service closed it is it marked 7: a
 * close that fails leaves it unpaid for the next sweep, so it can never be
 * paid at the service after we gave it up. Orders are claimed with SKIP
 * LOCKED and held a minute, so several processes share the work.
 */
export async function sweepExpiredOrders(rt: Runtime, now = new Date(), batch = 50): Promise<number> {
  const { db } = rt.database;
  const due = await claimChecks(rt, 'expired', now, batch, SWEEP_HOLD_MS);
  for (const order of due) {
    const status = await askService(rt, order);
    // Paid: markPaid credited it; a refused payment (amount, service) waits in the missed payments, not here.
    if (status?.paid) {
      if (await moveStatus(db, order, OrderStatus.AUTO_CANCELLED, 'timeout', 'paid at the service: missed payment'))
        forgetList(rt, 'orders', order.userId);
      continue;
    }
    try {
      await rt.payment.closePayment(order.orderNo);
    } catch (err) {
      rt.log.warn('closing payment failed', { orderNo: order.orderNo, err: (err as Error).message });
      continue;
    }
    if (!(await moveStatus(db, order, OrderStatus.AUTO_CANCELLED, 'timeout'))) continue;
    forgetList(rt, 'orders', order.userId);
    await published(rt, order, OrderStatus.AUTO_CANCELLED);
  }
  return due.length;
}

/** The order sweeper (jobs/runner.ts): sweeps every 30 s, first 30 s after start-up; errors are logged, never thrown. */
export function orderSweeperJob(rt: Runtime, everyMs = 30_000): JobSpec<never> {
  return { name: 'order sweeper', log: rt.log, pollMs: everyMs, sweep: () => sweepExpiredOrders(rt) };
}
