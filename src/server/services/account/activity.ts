import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userActivity } from '../../db/schema';
import type { Logger } from '../../log';

/** A session's activity is written at most once per this interval per process and database. */
export const SEEN_EVERY_MS = 5 * 60_000;
/** A running server writes the activity it noted at most this late, in one statement. */
export const FLUSH_EVERY_MS = 1000;
/** Hours of activity are kept this long (the dashboard's longest range). */
const KEEP_MS = 400 * 86_400_000;
const HOUR = 3_600_000;
/** Sessions remembered by the throttle; past this it starts afresh (one extra write each at worst). */
const MAX_TRACKED = 50_000;
/** A batch this large is written at once rather than at the next tick. */
const MAX_PENDING = 1000;

interface Seen {
  userId: number;
  at: number;
}

interface Writer {
  log: Logger;
  pending: Map<number, Seen>;
  timer: NodeJS.Timeout | null;
  writing: Promise<void>;
}

// Per database: session ids restart at 1 in each, and one process may serve several (the API tests do).
const lastWrites = new WeakMap<Db, Map<number, number>>();
const writers = new WeakMap<Db, Writer>();

/**
 * Records an authenticated request: the session's last use, the user's last
 * seen time and the user's active hour. Called for every request that proves
 * a token (requireUserId), throttled so a session costs at most one write
 * every few minutes (docs/console.md, "active users"). With a writer started
 * (a running server) the request does not wait: what it noted is written
 * with every other session's within FLUSH_EVERY_MS, in one statement.
 */
export async function noteActivity(db: Db, s: { id: number; userId: number }, now = Date.now()): Promise<void> {
  const lastWrite = lastWrites.get(db) ?? new Map<number, number>();
  lastWrites.set(db, lastWrite);
  const last = lastWrite.get(s.id);
  if (last !== undefined && now - last < SEEN_EVERY_MS && now >= last) return;
  if (lastWrite.size >= MAX_TRACKED) lastWrite.clear();
  lastWrite.set(s.id, now);
  const writer = writers.get(db);
  if (!writer) return writeSeen(db, new Map([[s.id, { userId: s.userId, at: now }]]));
  writer.pending.set(s.id, { userId: s.userId, at: now });
  if (writer.pending.size >= MAX_PENDING) void flushActivity(db);
  else writer.timer ??= setTimeout(() => void flushActivity(db), FLUSH_EVERY_MS).unref();
}

/** From now on `db`'s noted activity is written behind the requests; failures go to `log`. */
export function startActivityWriter(db: Db, log: Logger) {
  if (!writers.has(db)) writers.set(db, { log, pending: new Map(), timer: null, writing: Promise.resolve() });
}

/** Writes what is noted and not yet written (a server calls it before closing its database). */
export function flushActivity(db: Db): Promise<void> {
  const writer = writers.get(db);
  if (!writer) return Promise.resolve();
  if (writer.timer) clearTimeout(writer.timer);
  writer.timer = null;
  const batch = writer.pending;
  writer.pending = new Map();
  // Batches are written one after another: a later one never lands before an earlier one.
  writer.writing = writer.writing.then(async () => {
    if (batch.size === 0) return;
    await writeSeen(db, batch).catch((err: Error) =>
      writer.log.warn('activity write failed', { sessions: batch.size, err: err.message }),
    );
  });
  return writer.writing;
}

async function writeSeen(db: Db, batch: Map<number, Seen>): Promise<void> {
  // In session order, so two processes' batches lock the rows they share in the same order.
  const rows = [...batch]
    .sort(([a], [b]) => a - b)
    .map(([session, { userId, at }]) => ({
      session,
      user: userId,
      at: new Date(at).toISOString(),
      hour: new Date(Math.floor(at / HOUR) * HOUR).toISOString(),
    }));
  await db.execute(sql`
    with seen as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(session int, "user" int, at timestamptz, hour timestamptz)),
      s as (update sessions set last_used_at = seen.at from seen where sessions.id = seen.session),
      u as (update users set last_seen_at = latest.at
        from (select "user", max(at) as at from seen group by "user") latest where users.id = latest."user")
    insert into user_activity (user_id, hour) select distinct "user", hour from seen on conflict do nothing`);
  // Old hours are garbage; sweeping on a small share of writes keeps the table bounded.
  if (Math.random() < 0.01) await db.delete(userActivity).where(lt(userActivity.hour, new Date(Date.now() - KEEP_MS)));
}
