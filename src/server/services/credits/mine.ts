import { count, desc, eq } from 'drizzle-orm';
import type { CreditBalance, CreditHistory } from '../../../shared/contract/credits';
import { creditAccounts, creditMovements } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { checkInDays, checkInRewards, rewardOf } from './check-in';

/** The user's balance, what is held, and today's check-in state. */
export async function myCredits(rt: Runtime, userId: number, now = Date.now()): Promise<CreditBalance> {
  const [a] = await rt.database.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  const { today, yesterday } = checkInDays(rt, now);
  const checkedInToday = a?.lastCheckIn === today;
  const goesOn = a?.lastCheckIn === today || a?.lastCheckIn === yesterday;
  const streak = goesOn ? (a?.streak ?? 0) : 0;
  return {
    balance: a?.balance ?? 0,
    held: a?.held ?? 0,
    streak,
    checkedInToday,
    nextReward: rewardOf(await checkInRewards(rt), streak + 1),
  };
}

/** The user's movements, newest first, one page. */
export async function myHistory(
  rt: Runtime,
  userId: number,
  page: { pageNum: number; pageSize: number },
): Promise<CreditHistory> {
  const { db } = rt.database;
  const rows = await db
    .select()
    .from(creditMovements)
    .where(eq(creditMovements.userId, userId))
    .orderBy(desc(creditMovements.id))
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(creditMovements).where(eq(creditMovements.userId, userId));
  return {
    records: rows.map((m) => ({
      id: m.id,
      reason: m.reason,
      kind: m.kind,
      amount: m.amount,
      note: m.note,
      createdAt: m.createdAt.toISOString(),
    })),
    current: page.pageNum,
    total: total?.n ?? 0,
    size: page.pageSize,
  };
}
