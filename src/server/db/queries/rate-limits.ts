import { and, eq, lt, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import { rateLimits } from '../schema';
import { batched } from './batched';
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

interface Hit {
  key: string;
  windowStart: Date;
}

/**
 * Hits of many requests counted in one statement (batched.ts). Hits on the
 * same window are added up first (a statement cannot update a row twice) and
 * handed out in the order they came, so each caller sees the count it would
 * have seen alone. Windows are written in one fixed order, so two processes'
 * statements lock shared rows in the same order.
 */
async function countHits(db: Db, hits: readonly Hit[]): Promise<number[]> {
  const windows = new Map<string, Hit & { n: number; callers: number[] }>();
  hits.forEach((h, i) => {
    const id = `${h.windowStart.getTime()} ${h.key}`;
    const w = windows.get(id) ?? { ...h, n: 0, callers: [] };
    w.n += 1;
    w.callers.push(i);
    windows.set(id, w);
  });
  const list = [...windows.keys()].sort().map((id) => windows.get(id) as Hit & { n: number });
  // Built and planned once per connection: every limited request (an order, a sign-in) counts here.
  const rows = await prepared(db, 'rate_hit', (db, name) =>
    db
      .insert(rateLimits)
      .select(
        sql`select h.key, h.window_start, h.n from unnest(${sql.placeholder('keys')}::text[],
          ${sql.placeholder('starts')}::timestamptz[], ${sql.placeholder('ns')}::int[])
          with ordinality as h(key, window_start, n, i) order by h.i`,
      )
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + excluded.count` },
      })
      .returning({ key: rateLimits.key, windowStart: rateLimits.windowStart, count: rateLimits.count })
      .prepare(name),
  ).execute({
    keys: list.map((w) => w.key),
    starts: list.map((w) => w.windowStart.toISOString()),
    ns: list.map((w) => w.n),
  });
  const counts: number[] = [];
  for (const r of rows) {
    const w = windows.get(`${r.windowStart.getTime()} ${r.key}`);
    w?.callers.forEach((caller, k) => {
      counts[caller] = r.count - w.n + 1 + k;
    });
  }
  if (counts.length !== hits.length || counts.includes(undefined as never))
    throw new Error('a rate window was not counted');
  return counts;
}

const SWEEP_EVERY_MS = 60_000;
const KEEP_MS = 2 * 86_400_000;
// When each database's old windows were last swept by this process.
const swept = new WeakMap<Db, number>();

/**
 * Old windows are garbage: a hit sweeps them at most once a minute per process, behind its
 * answer. The sweep reads the whole table; when 1 % of hits swept, and waited for it, at 2,600
 * orders a second that was 26 full reads a second, and an extra statement in the slowest 1 % of
 * requests.
 */
function sweepOldWindows(db: Db, now: number) {
  // A transaction's handle may be gone by then: the next hit outside one sweeps.
  if ((db as unknown) instanceof PgTransaction || now - (swept.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  swept.set(db, now);
  // A failed sweep is tried again by a later minute's hit; the count it follows stands.
  void db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now - KEEP_MS)))
    .catch(() => swept.delete(db));
}

/** Counts one hit for key in its fixed window; atomic across processes. */
export async function hit(db: Db, key: string, { limit, windowMs }: Limit, now = Date.now()): Promise<LimitResult> {
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const count = await batched(db, 'rate_hit', countHits)({ key, windowStart });
  sweepOldWindows(db, now);
  return { allowed: count <= limit, count, retryAfterMs: windowStart.getTime() + windowMs - now };
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
