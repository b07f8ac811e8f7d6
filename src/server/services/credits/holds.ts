import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { jobSettings } from '../../config/jobs';
import type { Db } from '../../db/client';
import { creditAccounts, creditHolds } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { JobSpec } from '../../jobs/runner';
import type { Runtime } from '../../runtime';
import { book, type CreditKind, notEnough, openAccount } from './book';

/** A hold taken for one call: settle it to the real cost, or release it. Both are once-only. */
export interface Hold {
  id: number;
  amount: number;
  settle(actual: number): Promise<number>;
  release(): Promise<void>;
}

/**
 * Reserves `amount` credits of the user's before a paid call, or throws `notEnough` (the
 * reservation is one conditional update, so parallel holds never take more than the balance).
 * With `ref` (a task id) the hold has no lease: the task ends it. Without, it is a live call's:
 * leased for JOB_LEASE_MS and renewed while the call runs, released by the sweeper if its
 * process dies.
 */
export async function takeHold(
  rt: Runtime,
  userId: number,
  kind: CreditKind,
  amount: number,
  ref?: string,
): Promise<Hold | null> {
  if (amount <= 0) return null;
  const leaseMs = jobSettings(rt.env).JOB_LEASE_MS;
  const row = await transaction(rt.database.db, async (tx) => {
    await openAccount(tx, userId);
    const taken = await tx
      .update(creditAccounts)
      .set({ held: sql`${creditAccounts.held} + ${amount}`, updatedAt: new Date() })
      .where(
        and(eq(creditAccounts.userId, userId), sql`${creditAccounts.balance} - ${creditAccounts.held} >= ${amount}`),
      )
      .returning({ balance: creditAccounts.balance, held: creditAccounts.held });
    if (taken.length === 0) {
      const [a] = await tx.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
      throw notEnough(amount, a ? a.balance - a.held : 0);
    }
    const [hold] = await tx
      .insert(creditHolds)
      .values({
        userId,
        kind,
        ref: ref ?? randomUUID(),
        amount,
        leaseUntil: ref ? null : new Date(Date.now() + leaseMs),
      })
      .returning();
    return hold;
  });
  if (!row) return null;
  return holdHandle(rt, row.id, amount, ref ? 0 : leaseMs);
}

/** How long a live call's hold is renewed at most: longer than any answer runs. */
const HOLD_RENEW_MS = 3_600_000;

/** The handle of a hold; a live call's renews its lease every third of it until ended. */
function holdHandle(rt: Runtime, id: number, amount: number, leaseMs: number): Hold {
  const until = Date.now() + HOLD_RENEW_MS;
  const timer =
    leaseMs > 0
      ? setInterval(() => {
          // A handle never ended (a bug) stops renewing, so the sweeper frees its credits.
          if (Date.now() > until) return stop();
          rt.database.db
            .update(creditHolds)
            .set({ leaseUntil: new Date(Date.now() + leaseMs) })
            .where(and(eq(creditHolds.id, id), eq(creditHolds.status, 'held')))
            .catch(() => {});
        }, leaseMs / 3)
      : null;
  timer?.unref();
  function stop() {
    if (timer) clearInterval(timer);
  }
  return {
    id,
    amount,
    settle: (actual) => endHold(rt.database.db, id, actual).finally(stop),
    release: () =>
      endHold(rt.database.db, id, null)
        .then(() => undefined)
        .finally(stop),
  };
}

/** The hold of a task (drawing, song) by its ref, for the task's end in whichever process runs it. */
export async function holdOf(db: Db, kind: CreditKind, ref: string) {
  const [row] = await db
    .select({ id: creditHolds.id })
    .from(creditHolds)
    .where(and(eq(creditHolds.kind, kind), eq(creditHolds.ref, ref)));
  return row?.id ?? null;
}

/**
 * Ends a hold once: settled to `actual` credits (at most the amount held: the hold is the
 * call's maximum), or released with null. The spend is booked by the hold's id, so even a
 * repeated end cannot charge twice. Answers the credits charged.
 */
export async function endHold(db: Db, id: number, actual: number | null): Promise<number> {
  return transaction(db, async (tx) => {
    const [hold] = await tx
      .select()
      .from(creditHolds)
      .where(and(eq(creditHolds.id, id), eq(creditHolds.status, 'held')))
      .for('update');
    if (!hold) return 0;
    const charged = actual === null ? 0 : Math.max(0, Math.min(hold.amount, Math.ceil(actual)));
    await tx
      .update(creditHolds)
      .set({ status: actual === null ? 'released' : 'settled', charged, endedAt: new Date(), leaseUntil: null })
      .where(eq(creditHolds.id, id));
    await tx
      .update(creditAccounts)
      .set({ held: sql`${creditAccounts.held} - ${hold.amount}` })
      .where(eq(creditAccounts.userId, hold.userId));
    if (charged > 0)
      await book(tx, {
        userId: hold.userId,
        reason: 'spend',
        ref: `hold:${id}`,
        kind: hold.kind as CreditKind,
        amount: -charged,
      });
    return charged;
  });
}

/**
 * Releases live calls' holds whose lease ran out: their process died mid-call (kill -9), so
 * nothing will settle them, and what the call used is unknown; the user is not charged.
 */
export async function releaseExpiredHolds(rt: Runtime, now = new Date()): Promise<number> {
  const expired = await rt.database.db
    .select({ id: creditHolds.id })
    .from(creditHolds)
    .where(and(eq(creditHolds.status, 'held'), isNotNull(creditHolds.leaseUntil), lte(creditHolds.leaseUntil, now)))
    .limit(100);
  for (const { id } of expired) await endHold(rt.database.db, id, null);
  if (expired.length) rt.log.info('credit holds released after their lease', { count: expired.length });
  return expired.length;
}

/** The hold sweeper (jobs/runner.ts): at start and every third of a lease, releases holds of dead processes. */
export function creditHoldJob(rt: Runtime): JobSpec<never> {
  return {
    name: 'credit holds',
    log: rt.log,
    pollMs: Math.max(1000, Math.floor(jobSettings(rt.env).JOB_LEASE_MS / 3)),
    startNow: true,
    sweep: () => releaseExpiredHolds(rt),
  };
}
