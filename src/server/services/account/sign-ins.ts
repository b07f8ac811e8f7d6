import { desc, eq, lt } from 'drizzle-orm';
import { toSafeText } from '../../../shared/safe-text';
import type { Db } from '../../db/client';
import { signIns } from '../../db/schema';
import { DomainError } from '../../errors';

export type SignInMethod = 'password' | 'wechat' | 'wechat-bind' | 'phone';
/** Sign-in history is kept this long (docs/accounts.md). */
export const SIGN_IN_KEEP_DAYS = 90;
const DAY = 86_400_000;

interface Attempt {
  /** The account tried; null (an unknown address, a spent QR) records nothing. */
  userId: number | null;
  method: SignInMethod;
  ip: string;
  userAgent?: string | null;
}

/**
 * Runs one sign-in and appends its outcome to the account's history: success,
 * or the refusal's message key (wrong password, locked, banned, too many
 * tries). Every login path of auth.ts passes here, so no sign-in goes
 * unrecorded; the refusal is thrown on unchanged.
 */
export async function recordSignIn<T>(db: Db, a: Attempt, run: () => Promise<T>): Promise<T> {
  try {
    const result = await run();
    await append(db, a, null);
    return result;
  } catch (err) {
    if (err instanceof DomainError) await append(db, a, err.messageKey);
    throw err;
  }
}

async function append(db: Db, a: Attempt, failure: string | null) {
  if (a.userId === null) return;
  await db.insert(signIns).values({
    userId: a.userId,
    method: a.method,
    success: failure === null,
    failure,
    ip: toSafeText(a.ip, 64),
    userAgent: toSafeText(a.userAgent, 300),
  });
  // Bounded retention: old rows are swept on a small share of sign-ins.
  if (Math.random() < 0.02)
    await db.delete(signIns).where(lt(signIns.at, new Date(Date.now() - SIGN_IN_KEEP_DAYS * DAY)));
}

/** An account's latest sign-ins, newest first. */
export async function signInHistory(db: Db, userId: number, limit = 50) {
  const rows = await db.select().from(signIns).where(eq(signIns.userId, userId)).orderBy(desc(signIns.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    method: r.method,
    success: r.success,
    failure: r.failure,
    ip: r.ip,
    userAgent: r.userAgent,
  }));
}
