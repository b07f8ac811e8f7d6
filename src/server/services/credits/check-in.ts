import { eq } from 'drizzle-orm';
import type { CheckInResult } from '../../../shared/contract/credits';
import { dayKey, startOfDay } from '../../../shared/site-time';
import { activitySettings } from '../../config/activity';
import { creditAccounts, creditCheckIns } from '../../db/schema';
import { transaction } from '../../db/transaction';
import type { Runtime } from '../../runtime';
import { book, openAccount } from './book';
import { CHECK_IN_DAYS, rateKey, ratesOf } from './rates';

/** The site day of `now` and the one before it (YYYY-MM-DD, SITE_TIME_ZONE, as the daily coupon counts days). */
export function checkInDays(rt: Runtime, now: number) {
  const zone = activitySettings(rt.env).SITE_TIME_ZONE;
  return { today: dayKey(now, zone), yesterday: dayKey(startOfDay(now, zone, -1), zone) };
}

/** The console's streak rewards, day 1 to day 7 (0 = no reward that day). */
export async function checkInRewards(rt: Runtime): Promise<number[]> {
  const keys = Array.from({ length: CHECK_IN_DAYS }, (_, i) => rateKey.checkIn(i + 1));
  const r = await ratesOf(rt.database.db, keys);
  return keys.map((k) => r[k] ?? 0);
}

/** The reward of a streak's nth day: its own, or day 7's past the week. */
export const rewardOf = (rewards: number[], streak: number) => rewards[Math.min(streak, rewards.length) - 1] ?? 0;

/**
 * Checks the user in for today, once: the account row is locked, so parallel check-ins queue
 * and only the first finds the day open. The streak goes on from yesterday, else starts again
 * at 1. The reward is booked under the day's ref, so it is granted once even if asked again.
 */
export async function checkIn(rt: Runtime, userId: number, now = Date.now()): Promise<CheckInResult> {
  const { today, yesterday } = checkInDays(rt, now);
  const rewards = await checkInRewards(rt);
  return transaction(rt.database.db, async (tx) => {
    await openAccount(tx, userId);
    const [a] = await tx.select().from(creditAccounts).where(eq(creditAccounts.userId, userId)).for('update');
    if (a?.lastCheckIn === today) return { checkedIn: false, streak: a.streak, reward: 0, balance: a.balance };
    const streak = a?.lastCheckIn === yesterday ? a.streak + 1 : 1;
    const reward = rewardOf(rewards, streak);
    await tx.insert(creditCheckIns).values({ userId, day: today, streak, reward });
    await tx.update(creditAccounts).set({ streak, lastCheckIn: today }).where(eq(creditAccounts.userId, userId));
    if (reward > 0) await book(tx, { userId, reason: 'checkin', ref: `${userId}:${today}`, amount: reward });
    return { checkedIn: true, streak, reward, balance: (a?.balance ?? 0) + reward };
  });
}
