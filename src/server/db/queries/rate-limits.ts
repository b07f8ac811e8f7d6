import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rateLimits } from '../schema';
import { prepared } from './prepared';

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
  // Built and planned once per connection: every limited request (an order, a sign-in) counts here.
  const count1 = prepared(db, 'rate_hit', (db, name) =>
    db
      .insert(rateLimits)
      .values({ key: sql.placeholder('key'), windowStart: sql.placeholder('windowStart'), count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count })
      .prepare(name),
  );
  const [row] = await count1.execute({ key, windowStart: start });
  // Old windows are garbage; sweeping on a small share of hits keeps the table small.
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 2 * 86_400_000)));
  }
  const count = row?.count ?? 1;
  return { allowed: count <= limit, count, retryAfterMs: start.getTime() + windowMs - now };
}

/** A counter that stops at its limit: one key in one window (a quota's day). */
export interface Counter {
  key: string;
  windowStart: Date;
}

/** The counter's value, 0 before its first take. */
export async function readCounter(db: Db, { key, windowStart }: Counter): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
  return row?.count ?? 0;
}

/**
 * Adds one unless the counter already reached `limit` (null: no limit) and
 * answers the new value, or null when full. One conditional statement, so
 * requests racing for the last unit cannot both get it.
 */
export async function takeFromCounter(db: Db, { key, windowStart }: Counter, limit: number | null) {
  // The first take of a window is a plain insert, which no condition stops.
  if (limit !== null && limit <= 0) return null;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
      setWhere: limit === null ? undefined : sql`${rateLimits.count} < ${limit}`,
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? null;
}

/** Gives one back (a failed task), never below zero. */
export async function giveBackToCounter(db: Db, { key, windowStart }: Counter): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
}

/** Adds `n` (tokens spent) to the counter, whatever its value: the limit is checked before the work. */
export async function addToCounter(db: Db, { key, windowStart }: Counter, n: number): Promise<void> {
  if (n <= 0) return;
  await db
    .insert(rateLimits)
    .values({ key, windowStart, count: n })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + ${n}` },
    });
}
