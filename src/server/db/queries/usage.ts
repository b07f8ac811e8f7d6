import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { usageHours } from '../schema';

const HOUR = 3_600_000;
const hourOf = (now: number) => new Date(Math.floor(now / HOUR) * HOUR);

/**
 * Counts one event that leaves no row of its own (a chat message) in its
 * hour, for the console's dashboard; `delta` -1 gives one back, never below 0.
 */
export async function countUsage(db: Db, metric: string, delta: 1 | -1 = 1, now = Date.now()): Promise<void> {
  const hour = hourOf(now);
  if (delta < 0) {
    await db
      .update(usageHours)
      .set({ count: sql`greatest(${usageHours.count} - 1, 0)` })
      .where(and(eq(usageHours.metric, metric), eq(usageHours.hour, hour)));
    return;
  }
  await db
    .insert(usageHours)
    .values({ metric, hour, count: 1 })
    .onConflictDoUpdate({ target: [usageHours.metric, usageHours.hour], set: { count: sql`${usageHours.count} + 1` } });
}
