import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { AdminCode } from '../../../shared/admin';
import type { Db } from '../../db/client';
import { giveBackToCounter, hit } from '../../db/queries/rate-limits';
import { adminSessions, adminTotp } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';

/** Wrong codes an account may send per window; per client address, times IP_LIMIT_SCALE. */
export const TOTP_TRIES = 5;
const TOTP_IP_TRIES = 30;
const WINDOW_MS = 15 * 60_000;

/**
 * Starts (or restarts) enrolment: a new secret, shown once as a QR and as
 * text. A confirmed secret is never shown again; enrolling anew takes the
 * CLI's reset-totp.
 */
export async function startEnrolment(db: Db, user: { id: number; email: string | null }, issuer: string) {
  const [current] = await db.select().from(adminTotp).where(eq(adminTotp.userId, user.id));
  if (current?.confirmedAt) throw new DomainError(400, 'admin:totp.alreadyEnrolled', { status: 400 });
  // otplib and qrcode load with the first enrolment or check, not at start-up.
  const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([
    import('otplib'),
    import('qrcode'),
  ]);
  const secret = generateSecret();
  await db
    .insert(adminTotp)
    .values({ userId: user.id, secret })
    .onConflictDoUpdate({ target: adminTotp.userId, set: { secret, lastStep: null } });
  const uri = generateURI({ issuer, label: user.email ?? `#${user.id}`, secret });
  return { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

export async function isEnrolled(db: Db, userId: number) {
  const [row] = await db.select({ at: adminTotp.confirmedAt }).from(adminTotp).where(eq(adminTotp.userId, userId));
  return Boolean(row?.at);
}

/**
 * Checks a code under the limits of password checks (db/queries/rate-limits):
 * every try is counted before the check, so concurrent guesses cannot pass
 * the limit; a right code gives its tries back. A code is accepted once: its
 * time step must be later than the last accepted one. A right code whose step
 * was already taken (a double click, a retry) is not a wrong guess: it gives
 * its tries back too and answers 'admin:totp.reused' (wait for the next code).
 */
export async function checkTotp(
  rt: Runtime,
  p: { userId: number; code: string; ip: string; enrolling?: boolean },
): Promise<void> {
  const { db } = rt.database;
  const now = Date.now();
  const ipKey = `totp:ip:${p.ip}`;
  const perIp = await hit(db, ipKey, { limit: TOTP_IP_TRIES * rt.env.IP_LIMIT_SCALE, windowMs: WINDOW_MS }, now);
  const key = `totp:user:${p.userId}`;
  const perUser = await hit(db, key, { limit: TOTP_TRIES, windowMs: WINDOW_MS }, now);
  if (!perIp.allowed || !perUser.allowed) throw new DomainError(429, 'admin:totp.tooMany', { status: 429 });
  const [row] = await db.select().from(adminTotp).where(eq(adminTotp.userId, p.userId));
  if (row?.confirmedAt && p.enrolling) throw new DomainError(400, 'admin:totp.alreadyEnrolled', { status: 400 });
  if (!row || (!row.confirmedAt && !p.enrolling))
    throw new DomainError(AdminCode.TOTP_REQUIRED, 'admin:totp.required', { status: 403 });
  const { verify } = await import('otplib');
  const result = /^\d{6}$/.test(p.code)
    ? await verify({ secret: row.secret, token: p.code, epochTolerance: 30 })
    : { valid: false as const };
  if (!result.valid || !('timeStep' in result)) throw new DomainError(400, 'admin:totp.wrong', { status: 400 });
  const giveBack = async () => {
    const windowStart = new Date(Math.floor(now / WINDOW_MS) * WINDOW_MS);
    await giveBackToCounter(db, { key, windowStart });
    await giveBackToCounter(db, { key: ipKey, windowStart });
  };
  // The conditional update settles two requests racing with one code: the loser finds its step taken.
  const [taken] = await db
    .update(adminTotp)
    .set({ lastStep: result.timeStep, ...(p.enrolling ? { confirmedAt: new Date() } : {}) })
    .where(and(eq(adminTotp.userId, p.userId), or(isNull(adminTotp.lastStep), lt(adminTotp.lastStep, result.timeStep))))
    .returning({ userId: adminTotp.userId });
  await giveBack();
  if (!taken) throw new DomainError(400, 'admin:totp.reused', { status: 400 });
}

/** Marks the console session as two-factor verified from now. */
export async function markVerified(db: Db, sessionId: number) {
  await db.update(adminSessions).set({ totpAt: new Date() }).where(eq(adminSessions.id, sessionId));
}

/** For the CLI: forgets a lost authenticator, so the account enrols again. */
export async function resetTotp(db: Db, userId: number) {
  await db.delete(adminTotp).where(eq(adminTotp.userId, userId));
  await db.update(adminSessions).set({ totpAt: null }).where(eq(adminSessions.userId, userId));
}
