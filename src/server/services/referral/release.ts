import { and, asc, eq, lte } from 'drizzle-orm';
import { referralCommissions } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { JobSpec } from '../../jobs/runner';
import type { Runtime } from '../../runtime';
import { lockBalance, post } from './ledger';

const BATCH = 100;

/**
 * Releases one held commission whose refund window is over, under its
 * owner's balance lock: what refunds left of it moves from held to available,
 * paying the owner's debt first. Answers false when it was not due (any more):
 * a second process, or a second run, finds it released and does nothing.
 */
export async function releaseCommission(rt: Runtime, id: number, now = new Date()): Promise<boolean> {
  const { db } = rt.database;
  const [owner] = await db
    .select({ userId: referralCommissions.userId })
    .from(referralCommissions)
    .where(eq(referralCommissions.id, id));
  if (!owner) return false;
  return transaction(db, async (tx) => {
    const balance = await lockBalance(tx, owner.userId);
    const [c] = await tx
      .select()
      .from(referralCommissions)
      .where(
        and(
          eq(referralCommissions.id, id),
          eq(referralCommissions.status, 'held'),
          lte(referralCommissions.releaseAt, now),
        ),
      )
      .for('update');
    if (!c) return false;
    const left = c.amount - c.reversed;
    const toDebt = Math.min(left, balance.debt);
    await post(
      tx,
      'release',
      [
        { userId: c.userId, account: 'held', amount: -left },
        { userId: c.userId, account: 'debt', amount: toDebt },
        { userId: c.userId, account: 'available', amount: left - toDebt },
      ],
      { commissionId: c.id },
    );
    await tx
      .update(referralCommissions)
      .set({ status: 'released', releasedAt: now })
      .where(eq(referralCommissions.id, c.id));
    return true;
  });
}

/** Releases every commission due at `now`, oldest first; answers how many it released. */
export async function releaseDue(rt: Runtime, now = new Date()): Promise<number> {
  let released = 0;
  for (;;) {
    const due = await rt.database.db
      .select({ id: referralCommissions.id })
      .from(referralCommissions)
      .where(and(eq(referralCommissions.status, 'held'), lte(referralCommissions.releaseAt, now)))
      .orderBy(asc(referralCommissions.releaseAt))
      .limit(BATCH);
    let moved = 0;
    for (const { id } of due) if (await releaseCommission(rt, id, now)) moved++;
    released += moved;
    // A batch another process took meanwhile releases nothing here: stop rather than spin on it.
    if (due.length < BATCH || moved === 0) return released;
  }
}

/** The commission release (jobs/runner.ts): every minute; idempotent, shared by every process. */
export function referralReleaseJob(rt: Runtime, everyMs = 60_000): JobSpec<never> {
  return { name: 'referral release', log: rt.log, pollMs: everyMs, sweep: () => releaseDue(rt) };
}
