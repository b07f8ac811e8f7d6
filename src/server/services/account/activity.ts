import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userActivity } from '../../db/schema';

/** A session's activity is written at most once per this interval per process and database. */
export const SEEN_EVERY_MS = 5 * 60_000;
/** Hours of activity are kept this long (the dashboard's longest range). */
const KEEP_MS = 400 * 86_400_000;
const HOUR = 3_600_000;
/** Sessions remembered by the throttle; past this it starts afresh (one extra write each at worst). */
const MAX_TRACKED = 50_000;

// Per database: session ids restart at 1 in each, and one process may serve several (the API tests do).
const lastWrites = new WeakMap<Db, Map<number, number>>();

/**
 * Records an authenticated request: the session's last use, the user's last
 * seen time and the user's active hour, in one statement. Called for every
 * request that proves a token (requireUserId), throttled so a session costs
 * at most one write every few minutes (docs/console.md, "active users").
 */
export async function noteActivity(db: Db, s: { id: number; userId: number }, now = Date.now()): Promise<void> {
  const lastWrite = lastWrites.get(db) ?? new Map<number, number>();
  lastWrites.set(db, lastWrite);
  const last = lastWrite.get(s.id);
  if (last !== undefined && now - last < SEEN_EVERY_MS && now >= last) return;
  if (lastWrite.size >= MAX_TRACKED) lastWrite.clear();
  lastWrite.set(s.id, now);
  const at = new Date(now).toISOString();
  const hour = new Date(Math.floor(now / HOUR) * HOUR).toISOString();
  await db.execute(sql`
    with s as (update sessions set last_used_at = ${at}::timestamptz where id = ${s.id}),
      u as (update users set last_seen_at = ${at}::timestamptz where id = ${s.userId})
    insert into user_activity (user_id, hour) values (${s.userId}, ${hour}::timestamptz) on conflict do nothing`);
  // Old hours are garbage; sweeping on a small share of writes keeps the table bounded.
  if (Math.random() < 0.01) await db.delete(userActivity).where(lt(userActivity.hour, new Date(now - KEEP_MS)));
}
