import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { hit } from '../../db/queries/rate-limits';
import { users } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { hashPassword, needsRehash, verifyPassword } from './passwords';

/** Wrong passwords in a row that lock an account: 1 minute, then twice as long for each further one, up to a day. */
export const ACCOUNT_FAILURES = 5;
/** Password checks one client address may ask for per window (times IP_LIMIT_SCALE), known account or not. */
export const IP_CHECKS = 30;
const IP_WINDOW_MS = 10 * 60_000;
const MINUTE = 60_000;

/**
 * The one way to check a password (login, WeChat bind, password change,
 * account deletion): the per-IP limit of every check (countCheck), account lock, and an atomic per-account
 * failure count. Throws 429 when a limit or the lock refuses the try; true
 * when the password is right.
 */
export async function checkPassword(
  rt: Runtime,
  p: { user: { id: number; passwordHash: string | null } | null; password: string; ip: string },
): Promise<boolean> {
  const { db } = rt.database;
  await countCheck(rt, p.ip);
  if (!p.user) {
    // Same work as for a real account, so timing does not tell whether it exists.
    await verifyPassword(p.password, null);
    return false;
  }
  await reserveTry(rt, p.user.id);
  const stored = p.user.passwordHash;
  const ok = await verifyPassword(p.password, stored);
  if (!ok) return false;
  // An old hash (scrypt, or weaker parameters) is replaced while the password is at hand,
  // unless the password changed meanwhile.
  const rehashed = stored && needsRehash(stored) ? await hashPassword(p.password) : null;
  await db
    .update(users)
    .set({
      failedLogins: 0,
      lockedUntil: null,
      ...(rehashed
        ? {
            passwordHash: sql`case when ${users.passwordHash} = ${stored} then ${rehashed} else ${users.passwordHash} end`,
          }
        : {}),
    })
    .where(eq(users.id, p.user.id));
  return true;
}

/**
 * The one per-address limit of every secret check, passwords and SMS codes alike
 * (services/account/phone-codes.ts): guesses spread over both share one budget.
 */
export async function countCheck(rt: Runtime, ip: string): Promise<void> {
  const limit = IP_CHECKS * rt.env.IP_LIMIT_SCALE;
  const perIp = await hit(rt.database.db, `password:ip:${ip}`, { limit, windowMs: IP_WINDOW_MS });
  if (!perIp.allowed) throw new DomainError(429, 'account:login.tooMany', { status: 429 });
}

/**
 * Counts the try as a failure before the hash is checked, in one statement
 * that also refuses a locked account; the try that reaches the limit sets the
 * lock. Concurrent tries queue on the row, so at most ACCOUNT_FAILURES are
 * ever checked in a row, however many arrive at once. A right password then
 * clears the count.
 */
async function reserveTry(rt: Runtime, userId: number): Promise<void> {
  const { db } = rt.database;
  const now = new Date();
  const n = sql.raw(String(ACCOUNT_FAILURES));
  const next = sql`${users.failedLogins} + 1`;
  const [row] = await db
    .update(users)
    .set({
      failedLogins: next,
      lockedUntil: sql`case when ${next} >= ${n} then ${now.toISOString()}::timestamptz
        + least(power(2, least(${next} - ${n}, 11)), 1440) * interval '1 minute' end`,
    })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ id: users.id });
  if (row) return;
  const [locked] = await db.select({ until: users.lockedUntil }).from(users).where(eq(users.id, userId));
  const minutes = Math.max(1, Math.ceil(((locked?.until?.getTime() ?? 0) - Date.now()) / MINUTE));
  throw new DomainError(429, 'account:login.locked', { status: 429, params: { minutes } });
}
