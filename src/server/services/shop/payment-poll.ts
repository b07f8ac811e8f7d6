import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Order, orders, paymentChecks } from '../../db/schema';
import type { JobSpec } from '../../jobs/runner';
import type { PaymentStatus } from '../../providers/payment';
import type { Runtime } from '../../runtime';
import { markPaid } from './mark-paid';
import { UNPAID } from './order-queries';
import { recordPayment } from './payment-records';
import { settleServiceRefunds } from './service-refunds';

/** The first ask comes this long after the QR was issued; each further one waits twice as long, at most MAX_MS. */
export const FIRST_CHECK_MS = 10_000;
const MAX_CHECK_MS = 120_000;
/** Orders asked per sweep and process: each ask is one short call to the service. */
const BATCH = 20;
/** Services that keep payments of their own to ask about (the sandbox's truth is the order row). */
const ASKABLE = ['wechatpay', 'alipay'];

/** How long an order waits for its next ask after `checks` asks. */
export const checkDelay = (checks: number) => Math.min(MAX_CHECK_MS, FIRST_CHECK_MS * 2 ** Math.min(10, checks));

/**
 * Claims orders whose next ask is due, `where` choosing which (unpaid and
 * waiting, or past their time), and moves their next ask `holdMs` on (or by
 * the backoff): that is the claim, so another process skips them (the order
 * rows are locked SKIP LOCKED only while claiming, never during the call).
 */
export async function claimChecks(
  rt: Runtime,
  where: 'waiting' | 'expired',
  now: Date,
  limit: number,
  holdMs?: number,
) {
  const due = or(isNull(paymentChecks.nextCheckAt), lte(paymentChecks.nextCheckAt, now));
  const when =
    where === 'waiting'
      ? and(
          gte(orders.expiresAt, now),
          lte(orders.createdAt, new Date(now.getTime() - FIRST_CHECK_MS)),
          eq(orders.payProvider, rt.payment.mode),
          inArray(orders.payProvider, ASKABLE),
        )
      : lt(orders.expiresAt, now);
  return rt.database.db.transaction(async (tx) => {
    const rows = await tx
      .select({ order: orders, checks: paymentChecks.checks })
      .from(orders)
      .leftJoin(paymentChecks, eq(paymentChecks.orderId, orders.id))
      .where(and(inArray(orders.orderStatus, UNPAID), when, due))
      .orderBy(asc(where === 'waiting' ? orders.createdAt : orders.expiresAt))
      .limit(limit)
      .for('update', { of: orders, skipLocked: true });
    const claimed: (typeof rows)[number]['order'][] = [];
    for (const { order, checks } of rows) {
      const next = new Date(now.getTime() + (holdMs ?? checkDelay(checks ?? 0)));
      // The order's row lock does not cover its check, which another poller may have just claimed and
      // committed after this select read it: the upsert claims only a check still due.
      const [won] = await tx
        .insert(paymentChecks)
        .values({ orderId: order.id, checks: 1, nextCheckAt: next })
        .onConflictDoUpdate({
          target: paymentChecks.orderId,
          set: { checks: sql`${paymentChecks.checks} + 1`, nextCheckAt: next },
          setWhere: sql`${paymentChecks.nextCheckAt} <= ${now}`,
        })
        .returning({ orderId: paymentChecks.orderId });
      if (won) claimed.push(order);
    }
    return claimed;
  });
}

/**
 * Asks the service about one order, records the answer against it, and
 * credits a "paid" through markPaid (exactly once; a refused one is a missed
 * payment to review), then settles the refunds the service made of it since.
 * Null when the service could not be asked.
 */
export async function askService(rt: Runtime, order: Order, db: Db = rt.database.db): Promise<PaymentStatus | null> {
  const base = { orderNo: order.orderNo, provider: rt.payment.mode, source: 'query' as const };
  let status: PaymentStatus;
  try {
    status = await rt.payment.queryPayment(order.orderNo);
  } catch (err) {
    rt.log.warn('payment query failed', { orderNo: order.orderNo, err: (err as Error).message });
    if (ASKABLE.includes(rt.payment.mode))
      await recordPayment(db, { ...base, outcome: 'error', raw: (err as Error).message });
    return null;
  }
  if (!status.paid) {
    // The sandbox keeps no record to ask: nothing worth keeping.
    if (status.state !== 'recordless')
      await recordPayment(db, { ...base, outcome: status.state ?? 'unpaid', raw: status.raw ?? '' });
    return status;
  }
  const outcome = await markPaid(rt, order.orderNo, {
    amount: status.amount ?? -1,
    source: `${rt.payment.mode}:query`,
    tradeNo: status.tradeNo,
    provider: rt.payment.mode,
    // Paid before we found the order unpaid (its notify was late or lost): not late for the user.
    onTime: true,
  });
  await recordPayment(db, {
    ...base,
    outcome,
    amount: status.amount ?? -1,
    tradeNo: status.tradeNo,
    raw: status.raw ?? '',
  });
  // Paid, and perhaps refunded since at the service: its refunds are settled as their notifies would.
  if (outcome === 'paid' || outcome === 'already')
    await settleServiceRefunds(rt, order.orderNo, `${rt.payment.mode}:query`);
  return status;
}

/** One sweep: the waiting orders whose next ask has come are asked of their service. */
export async function pollPayments(rt: Runtime, now = new Date(), batch = BATCH): Promise<number> {
  if (!ASKABLE.includes(rt.payment.mode)) return 0;
  const due = await claimChecks(rt, 'waiting', now, batch);
  for (const order of due) await askService(rt, order);
  return due.length;
}

/** The payment poller (jobs/runner.ts): every few seconds; each order is asked on its own backoff. */
export function paymentPollJob(rt: Runtime, everyMs = 5_000): JobSpec<never> {
  return { name: 'payment poller', log: rt.log, pollMs: everyMs, sweep: () => pollPayments(rt) };
}
