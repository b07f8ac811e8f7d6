import { randomUUID } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ReferralBalance, referralBalances, referralEntries } from '../../db/schema';
import { lockUser } from '../../db/transaction';

/** A user's accounts (debt is owed by the user: its entries are negative while it grows). */
export type UserAccount = 'held' | 'available' | 'withdrawing' | 'debt';
/** The system's side: commission paid out of the site's pocket, and money paid to users out of band. */
export type SystemAccount = 'commission' | 'payout';
export type EntryKind = 'accrue' | 'release' | 'reverse' | 'withdraw' | 'reject' | 'pay';

export type Leg = { userId: number; account: UserAccount; amount: number } | { account: SystemAccount; amount: number };

const EMPTY = { held: 0, available: 0, withdrawing: 0, debt: 0 };

/**
 * Locks a user's balances for the rest of the transaction, creating them at
 * zero the first time. The user row is locked first, as every transaction
 * that may change it does (db/transaction.ts lockUser), so a payment that
 * grants days and a withdrawal of the same user queue instead of deadlocking.
 */
export async function lockBalance(tx: Db, userId: number): Promise<ReferralBalance> {
  await lockUser(tx, userId);
  await tx.insert(referralBalances).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(referralBalances).where(eq(referralBalances.userId, userId)).for('update');
  if (!row) throw new Error(`referral balance of ${userId} missing`);
  return row;
}

/**
 * Posts one movement: its legs sum to zero, each in integer fen. Entries are
 * written and the user's cached balances moved in the same transaction, whose
 * caller holds the user's balance lock (lockBalance). Debt grows as its
 * entries go negative, so `debt` is the negated sum of its entries.
 */
export async function post(
  tx: Db,
  kind: EntryKind,
  legs: Leg[],
  ref: { commissionId?: number; withdrawalId?: number } = {},
): Promise<void> {
  const live = legs.filter((l) => l.amount !== 0);
  if (live.some((l) => !Number.isInteger(l.amount))) throw new Error('referral amounts are integer fen');
  if (live.reduce((n, l) => n + l.amount, 0) !== 0) throw new Error(`unbalanced referral movement (${kind})`);
  if (live.length === 0) return;
  const move = randomUUID();
  await tx.insert(referralEntries).values(
    live.map((l) => ({
      move,
      kind,
      account: l.account,
      amount: l.amount,
      userId: 'userId' in l ? l.userId : null,
      commissionId: ref.commissionId,
      withdrawalId: ref.withdrawalId,
    })),
  );
  const byUser = new Map<number, typeof EMPTY>();
  for (const l of live) {
    if (!('userId' in l)) continue;
    const d = byUser.get(l.userId) ?? { ...EMPTY };
    d[l.account] += l.account === 'debt' ? -l.amount : l.amount;
    byUser.set(l.userId, d);
  }
  for (const [userId, d] of byUser)
    await tx
      .update(referralBalances)
      .set({
        held: sql`${referralBalances.held} + ${d.held}`,
        available: sql`${referralBalances.available} + ${d.available}`,
        withdrawing: sql`${referralBalances.withdrawing} + ${d.withdrawing}`,
        debt: sql`${referralBalances.debt} + ${d.debt}`,
        updatedAt: new Date(),
      })
      .where(eq(referralBalances.userId, userId));
}

export interface LedgerProblem {
  kind: 'unbalanced-move' | 'balance-mismatch';
  ref: string;
}

/**
 * The ledger's invariant: every movement sums to zero, and every user's
 * balances equal the sums of their entries. Answers what breaks it (empty
 * when it holds); tests call it after races, operators from the console.
 */
export async function checkReferralLedger(db: Db): Promise<LedgerProblem[]> {
  const moves = await rowsOf<{ move: string }>(
    db,
    sql`
    select move from referral_entries group by move having sum(amount) <> 0`,
  );
  const users = await rowsOf<{ user_id: number }>(
    db,
    sql`
    with sums as (
      select user_id,
        coalesce(sum(amount) filter (where account = 'held'), 0) as held,
        coalesce(sum(amount) filter (where account = 'available'), 0) as available,
        coalesce(sum(amount) filter (where account = 'withdrawing'), 0) as withdrawing,
        -coalesce(sum(amount) filter (where account = 'debt'), 0) as debt
      from referral_entries where user_id is not null group by user_id)
    select coalesce(b.user_id, s.user_id) as user_id
    from referral_balances b full join sums s on s.user_id = b.user_id
    where coalesce(b.held, 0) <> coalesce(s.held, 0) or coalesce(b.available, 0) <> coalesce(s.available, 0)
       or coalesce(b.withdrawing, 0) <> coalesce(s.withdrawing, 0) or coalesce(b.debt, 0) <> coalesce(s.debt, 0)`,
  );
  return [
    ...moves.map((r) => ({ kind: 'unbalanced-move' as const, ref: r.move })),
    ...users.map((r) => ({ kind: 'balance-mismatch' as const, ref: String(r.user_id) })),
  ];
}

/** The rows of a raw statement (both drivers answer `{ rows }`). */
export const rowsOf = async <T>(db: Db, q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
