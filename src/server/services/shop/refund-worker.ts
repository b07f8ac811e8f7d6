import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { jobSettings } from '../../config/jobs';
import { type OrderRefund, orderRefunds, orders } from '../../db/schema';
import type { JobSpec } from '../../jobs/runner';
import type { Runtime } from '../../runtime';
import { newClaimToken, sendRefund } from './refunds';

/** A claimed refund: the row as claimed and the token that proves the claim is still ours. */
export type RefundClaim = { refund: OrderRefund; token: string };

/** Refunds one process asks about at once; each ask is one short call to the payment service. */
const CONCURRENCY = 4;
/** How often the worker looks for refunds due, at most (REFUND_RETRY_MS if shorter); a crashed request's refund is due once its lease runs out. */
const POLL_MS = 5_000;

/** How long a stopping process waits for its asks in flight before giving their refunds back. */
const STOP_WAIT_MS = 5_000;

const processing = (id: number) => and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'processing'));

/**
 * Claims processing refunds nobody holds (the request that recorded one died,
 * or it was left to wait) whose next try has come, oldest first, and leases
 * them (JOB_LEASE_MS). Only refunds of orders paid through the active service:
 * another service's refund cannot be asked here and keeps its amount held.
 */
export async function claimRefunds(rt: Runtime, limit: number, except: number[], now = new Date()) {
  const token = newClaimToken();
  const lease = new Date(now.getTime() + jobSettings(rt.env).JOB_LEASE_MS);
  const claimed = await rt.database.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orderRefunds.id })
      .from(orderRefunds)
      .where(
        and(
          eq(orderRefunds.status, 'processing'),
          or(isNull(orderRefunds.leaseUntil), lte(orderRefunds.leaseUntil, now)),
          or(isNull(orderRefunds.nextTryAt), lte(orderRefunds.nextTryAt, now)),
          inArray(
            orderRefunds.orderId,
            tx.select({ id: orders.id }).from(orders).where(eq(orders.payProvider, rt.payment.mode)),
          ),
          except.length > 0 ? notInArray(orderRefunds.id, except) : undefined,
        ),
      )
      .orderBy(asc(orderRefunds.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(orderRefunds)
      .set({ claimToken: token, leaseUntil: lease, attempts: sql`${orderRefunds.attempts} + 1` })
      .where(
        inArray(
          orderRefunds.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  return claimed.map((refund) => ({ refund, token }));
}

/** Asks the service about one claimed refund again, under its own number: settled, released, or left for later. */
export async function resumeRefund(rt: Runtime, { refund, token }: RefundClaim): Promise<void> {
  const [order] = await rt.database.db.select().from(orders).where(eq(orders.id, refund.orderId));
  if (!order) return;
  const outcome = await sendRefund(rt, refund, order, token);
  rt.log.info('refund resumed', { refundNo: refund.refundNo, attempts: refund.attempts, outcome });
}

/**
 * The refund worker (jobs/runner.ts): every POLL_MS, and at once when started,
 * claims processing refunds that are due (a refund cut off by a crash once its
 * lease ran out; one the service still reports processing after its backoff)
 * and asks the service again. The same refund number makes each ask the same
 * refund there; settleRefund makes its outcome count once.
 */
export function refundJob(rt: Runtime): JobSpec<RefundClaim> {
  const leaseMs = jobSettings(rt.env).JOB_LEASE_MS;
  // Asks in flight: a stop lets them finish (briefly) so a refund settled just then still mails its user.
  const inFlight = new Set<Promise<void>>();
  return {
    name: 'refund worker',
    log: rt.log,
    pollMs: Math.min(POLL_MS, jobSettings(rt.env).REFUND_RETRY_MS),
    startNow: true,
    tasks: {
      concurrency: () => CONCURRENCY,
      claim: (limit, running) => claimRefunds(rt, limit, running),
      keyOf: (c) => c.refund.id,
      step(c) {
        const asking = resumeRefund(rt, c).finally(() => inFlight.delete(asking));
        inFlight.add(asking);
        return asking;
      },
      leaseMs,
      async renew({ refund, token }) {
        const rows = await rt.database.db
          .update(orderRefunds)
          .set({ leaseUntil: new Date(Date.now() + leaseMs) })
          .where(and(processing(refund.id), eq(orderRefunds.claimToken, token)))
          .returning({ id: orderRefunds.id });
        return rows.length > 0;
      },
      // A graceful stop gives the refunds back, so the next process need not wait for the lease.
      async release(claims) {
        const waited = new AbortController();
        await Promise.race([
          Promise.allSettled([...inFlight]),
          sleep(STOP_WAIT_MS, undefined, { signal: waited.signal }).catch(() => undefined),
        ]);
        waited.abort();
        for (const { refund, token } of claims)
          await rt.database.db
            .update(orderRefunds)
            .set({ claimToken: null, leaseUntil: null })
            .where(and(processing(refund.id), eq(orderRefunds.claimToken, token)));
      },
    },
  };
}
