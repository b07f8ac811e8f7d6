import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { users } from './schema';

/** Serialization failure and deadlock: Postgres rolled the whole transaction back, so running it again is safe. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 4;

function isRetryable(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && RETRYABLE.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Runs `fn` in a transaction, again (a few times, after a short random
 * pause) when Postgres aborts it for a deadlock or a serialization conflict.
 * `fn` must do nothing outside the database that a rerun would repeat.
 */
export async function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx as unknown as Db));
    } catch (err) {
      if (attempt >= ATTEMPTS || !isRetryable(err)) throw err;
      await sleep(attempt * 15 + Math.random() * 40);
    }
  }
}

/**
 * Locks a user's row for the rest of the transaction. Transactions that will
 * change the user row take this lock first: a row lock taken later, after an
 * insert that references the user (which holds a key-share lock on it), is
 * how two requests of one user deadlock.
 */
export async function lockUser(tx: Db, userId: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}
