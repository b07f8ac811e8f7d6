import { and, eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { creditAccounts, creditEntries, creditMovements } from '../../db/schema';
import { DomainError } from '../../errors';

/** Why credits moved; each reason books against its own system account (`system:<reason>`). */
export type CreditReason = 'purchase' | 'refund' | 'checkin' | 'adjust' | 'spend' | 'invite';
/** What a spend paid for. */
export type CreditKind = 'chat' | 'drawing' | 'song' | 'video' | 'embedding' | 'search';

export interface Movement {
  userId: number;
  reason: CreditReason;
  /** With the reason, unique: the same movement asked twice is booked once. */
  ref: string;
  /** Signed, for the user: positive adds credits, negative takes them. */
  amount: number;
  kind?: CreditKind;
  actorId?: number;
  note?: string;
}

export const userAccount = (userId: number) => `user:${userId}`;
export const systemAccount = (reason: CreditReason) => `system:${reason}`;

/** The refusal when the balance cannot cover a charge: credits never go below zero. */
export const notEnough = (needed: number, available: number) =>
  new DomainError(Code.TOO_MANY_REQUESTS, 'credits:error.notEnough', {
    status: 429,
    params: { needed, available },
    data: { needed, available, link: '/credits' },
  });

/** Makes sure the user has an account row (every movement and hold updates it). */
export async function openAccount(tx: Db, userId: number): Promise<void> {
  await tx.insert(creditAccounts).values({ userId }).onConflictDoNothing();
}

/**
 * Books one movement inside the caller's transaction: the movement row (unique by reason and
 * ref), its two entries, and the user's balance. Answers false, changing nothing, when the
 * movement was booked before. A debit needs balance - held to cover it (else `notEnough`).
 */
export async function book(tx: Db, m: Movement): Promise<boolean> {
  if (!Number.isSafeInteger(m.amount) || m.amount === 0) return false;
  await openAccount(tx, m.userId);
  const [moved] = await tx
    .insert(creditMovements)
    .values({
      userId: m.userId,
      reason: m.reason,
      ref: m.ref,
      kind: m.kind ?? null,
      amount: m.amount,
      actorId: m.actorId ?? null,
      note: m.note ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: creditMovements.id });
  if (!moved) return false;
  const changed = await tx
    .update(creditAccounts)
    .set({ balance: sql`${creditAccounts.balance} + ${m.amount}`, updatedAt: new Date() })
    .where(
      and(
        eq(creditAccounts.userId, m.userId),
        m.amount < 0 ? sql`${creditAccounts.balance} - ${creditAccounts.held} >= ${-m.amount}` : undefined,
      ),
    )
    .returning({ balance: creditAccounts.balance });
  if (changed.length === 0) {
    const [a] = await tx.select().from(creditAccounts).where(eq(creditAccounts.userId, m.userId));
    throw notEnough(-m.amount, a ? a.balance - a.held : 0);
  }
  await tx.insert(creditEntries).values([
    { movementId: moved.id, account: userAccount(m.userId), amount: m.amount },
    { movementId: moved.id, account: systemAccount(m.reason), amount: -m.amount },
  ]);
  return true;
}

/** What the user may spend now: balance less what running calls hold. */
export async function available(db: Db, userId: number): Promise<{ balance: number; held: number }> {
  const [a] = await db
    .select({ balance: creditAccounts.balance, held: creditAccounts.held })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId));
  return a ?? { balance: 0, held: 0 };
}

export interface LedgerProblem {
  what: string;
  detail: string;
}

/**
 * The double-entry invariant, checked over the whole ledger: every movement is one pair of
 * entries summing to zero with the user's entry equal to its amount, every balance equals the
 * sum of its user's entries, holds add up to `held`, and no balance is negative. Answers the
 * problems found (none when the books are right).
 */
export async function checkBooks(db: Db): Promise<LedgerProblem[]> {
  const rows = async (q: ReturnType<typeof sql>) =>
    ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const problems: LedgerProblem[] = [];
  for (const r of await rows(sql`select m.id, m.user_id, m.amount, count(e.id) as n, coalesce(sum(e.amount), 0) as total,
      coalesce(sum(e.amount) filter (where e.account = 'user:' || m.user_id), 0) as mine
      from credit_movements m left join credit_entries e on e.movement_id = m.id
      group by m.id having count(e.id) <> 2 or coalesce(sum(e.amount), 0) <> 0
        or coalesce(sum(e.amount) filter (where e.account = 'user:' || m.user_id), 0) <> m.amount`))
    problems.push({ what: 'movement', detail: JSON.stringify(r) });
  for (const r of await rows(sql`select a.user_id, a.balance, coalesce(s.total, 0) as total from credit_accounts a
      full join (select substr(account, 6)::int as user_id, sum(amount) as total from credit_entries
        where account like 'user:%' group by 1) s on s.user_id = a.user_id
      where coalesce(a.balance, 0) <> coalesce(s.total, 0)`))
    problems.push({ what: 'balance', detail: JSON.stringify(r) });
  for (const r of await rows(sql`select a.user_id, a.held, coalesce(h.total, 0) as total from credit_accounts a
      left join (select user_id, sum(amount) as total from credit_holds where status = 'held' group by 1) h
        on h.user_id = a.user_id
      where a.held <> coalesce(h.total, 0) or a.balance < 0 or a.held > a.balance`))
    problems.push({ what: 'held', detail: JSON.stringify(r) });
  return problems;
}
