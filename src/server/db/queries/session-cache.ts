import type { Database, Db } from '../client';

/**
 * Live sessions kept in memory for a few seconds, so a signed-in visitor's
 * requests do not each look their token up first (docs/accounts.md). A
 * revocation reaches every process at once: the one that makes it forgets
 * the user's sessions before it answers (`forgetSessions`), and a trigger on
 * the sessions table (migration 0026) announces it on `miaobi_sessions` at
 * commit, whoever wrote it. TTL_MS bounds what a lost notification could
 * leave alive.
 */
export const SESSIONS_CHANNEL = 'miaobi_sessions';
const TTL_MS = 10_000;
const MAX_ENTRIES = 50_000;

export interface LiveSession {
  id: number;
  userId: number;
}
interface Entry extends LiveSession {
  expiresAt: number;
  at: number;
}
interface Cache {
  entries: Map<string, Entry>;
  /** Bumped by every revocation: a lookup that began before one is not kept. */
  generation: number;
}

// Keyed by the database handle: only a process that listens for revocations caches.
const caches = new WeakMap<Db, Cache>();

/** Starts caching the sessions of this database (the server's start); tests and commands look each token up. */
export async function watchSessions(database: Database): Promise<void> {
  if (caches.has(database.db)) return;
  const cache: Cache = { entries: new Map(), generation: 0 };
  await database.notifier.listen(SESSIONS_CHANNEL, (payload) => forgetUser(cache, Number(payload)));
  caches.set(database.db, cache);
}

function forgetUser(cache: Cache, userId: number) {
  cache.generation += 1;
  for (const [hash, entry] of cache.entries)
    if (entry.userId === userId || !Number.isFinite(userId)) cache.entries.delete(hash);
}

/** Forgets a user's cached sessions in this process (the others hear the trigger). */
export function forgetSessions(db: Db, userId: number): void {
  const cache = caches.get(db);
  if (cache) forgetUser(cache, userId);
}

/** The cached live session of a token hash, or undefined when it must be read. */
export function cachedSession(db: Db, hash: string, now: number): LiveSession | null | undefined {
  const entry = caches.get(db)?.entries.get(hash);
  if (!entry || now - entry.at >= TTL_MS || now >= entry.expiresAt) return undefined;
  return { id: entry.id, userId: entry.userId };
}

/** A marker to take before reading a session, so a revocation during the read keeps it out of the cache. */
export function sessionReadMark(db: Db): number {
  return caches.get(db)?.generation ?? 0;
}

export function keepSession(db: Db, hash: string, s: LiveSession & { expiresAt: Date }, mark: number): void {
  const cache = caches.get(db);
  if (!cache || cache.generation !== mark) return;
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
  cache.entries.set(hash, { id: s.id, userId: s.userId, expiresAt: s.expiresAt.getTime(), at: Date.now() });
}
