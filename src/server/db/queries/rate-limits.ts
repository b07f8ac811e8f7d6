import { lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rateLimits } from '../schema';

export interface Limit {
  limit: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  count: number;
  /** Milliseconds until the window resets. */
  retryAfterMs: number;
}

/** Counts one hit for key in its fixed window; atomic across processes. */
export async function hit(db: Db, key: string, { limit, windowMs }: Limit, now = Date.now()): Promise<LimitResult> {
  const start = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  // Old windows are garbage; sweeping on a small share of hits keeps the table small.
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 2 * 86_400_000)));
  }
  const count = row?.count ?? 1;
  return { allowed: count <= limit, count, retryAfterMs: start.getTime() + windowMs - now };
}
