import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { i18nOf, type Language } from '../../../shared/i18n';
import { maskPhone, PHONE_CODE_LENGTH } from '../../../shared/phone';
import { hit } from '../../db/queries/rate-limits';
import { phoneCodes } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { countCheck } from './password-guard';
import { phoneHash } from './phone-box';

export type PhoneCodePurpose = 'login' | 'bind' | 'delete';

export const PHONE_CODE_TTL_MINUTES = 5;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** Limits of docs/validation-and-limits.md; per-address ones × IP_LIMIT_SCALE. */
export const PHONE_LIMITS = {
  numberGapMs: 60_000,
  numberDaily: 10,
  ipHourly: 10,
  ipDaily: 30,
  deviceDaily: 10,
};
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Sender {
  ip: string;
  /** X-Device-Id when well formed. */
  deviceId?: string;
  lang: Language;
}

/** Keyed with the secret lookup key: six digits hashed plainly would be read back from a copy of the table. */
const hashCode = (rt: Runtime, hash: string, purpose: string, code: string) =>
  phoneHash(rt, `${hash}\n${purpose}\n${code.trim()}`);

/**
 * Sends a code by SMS to a normalised number, after the per-number (one a minute, 10 a day),
 * per-address and per-device limits; each is one atomic counter (rate_limits), counted whether
 * or not the service then delivers. `send: false` counts and records nothing is sent (a binding to
 * a number another account holds: the answer must not tell).
 */
export async function sendPhoneCode(
  rt: Runtime,
  p: Sender & { phone: string; purpose: PhoneCodePurpose; userId: number | null; send?: boolean },
): Promise<void> {
  const { db } = rt.database;
  const hash = phoneHash(rt, p.phone);
  const now = Date.now();
  const gap = await hit(db, `sms:num:gap:${hash}`, { limit: 1, windowMs: PHONE_LIMITS.numberGapMs }, now);
  if (!gap.allowed) {
    const seconds = Math.max(1, Math.ceil(gap.retryAfterMs / 1000));
    throw new DomainError(429, 'account:phone.tooSoon', { status: 429, params: { seconds }, data: { seconds } });
  }
  const scale = rt.env.IP_LIMIT_SCALE;
  const daily = await hit(db, `sms:num:${hash}`, { limit: PHONE_LIMITS.numberDaily, windowMs: DAY }, now);
  const ipHour = await hit(db, `sms:ip:h:${p.ip}`, { limit: PHONE_LIMITS.ipHourly * scale, windowMs: HOUR }, now);
  const ipDay = await hit(db, `sms:ip:${p.ip}`, { limit: PHONE_LIMITS.ipDaily * scale, windowMs: DAY }, now);
  const device = p.deviceId
    ? await hit(db, `sms:device:${p.deviceId}`, { limit: PHONE_LIMITS.deviceDaily, windowMs: DAY }, now)
    : { allowed: true };
  if (!ipHour.allowed) throw new DomainError(429, 'account:phone.tooMany', { status: 429 });
  if (!daily.allowed || !ipDay.allowed || !device.allowed)
    throw new DomainError(429, 'account:phone.dailyLimit', { status: 429 });

  const code = String(randomInt(10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  await db.insert(phoneCodes).values({
    phoneHash: hash,
    purpose: p.purpose,
    userId: p.userId,
    codeHash: hashCode(rt, hash, p.purpose, code),
    createdAt: new Date(now),
    expiresAt: new Date(now + PHONE_CODE_TTL_MINUTES * 60_000),
  });
  if (p.send === false) return;
  const text = i18nOf(p.lang).t('account:phone.sms', { code, minutes: PHONE_CODE_TTL_MINUTES });
  try {
    await rt.sms.sendCode({ phone: p.phone, code, text });
  } catch (err) {
    rt.log.warn('sms failed', { to: maskPhone(p.phone), err: (err as Error).message });
    throw new DomainError(503, 'account:phone.sendFailed', { status: 503 });
  }
}

/**
 * Checks and uses up the latest live code for the number and purpose (and, for a binding or a
 * deletion, the account that asked for it). Every check counts against the client address's
 * budget of secret checks (countCheck, shared with passwords); each wrong try counts on the code,
 * and after PHONE_CODE_MAX_ATTEMPTS it is dead even if later right. Answers the number's hash.
 */
export async function consumePhoneCode(
  rt: Runtime,
  p: { phone: string; purpose: PhoneCodePurpose; code: string; ip: string; userId?: number; invalidKey?: string },
): Promise<string> {
  const invalid = p.invalidKey ?? 'account:phone.codeInvalid';
  await countCheck(rt, p.ip);
  const { db } = rt.database;
  const hash = phoneHash(rt, p.phone);
  const now = new Date();
  const conditions = [
    eq(phoneCodes.phoneHash, hash),
    eq(phoneCodes.purpose, p.purpose),
    isNull(phoneCodes.consumedAt),
    gt(phoneCodes.expiresAt, now),
  ];
  if (p.userId !== undefined) conditions.push(eq(phoneCodes.userId, p.userId));
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(and(...conditions))
    .orderBy(desc(phoneCodes.createdAt), desc(phoneCodes.id))
    .limit(1);
  if (!row) throw new DomainError(400, invalid, { status: 400 });
  if (row.attempts >= PHONE_CODE_MAX_ATTEMPTS)
    throw new DomainError(400, 'account:phone.codeTooManyAttempts', { status: 400 });
  if (row.codeHash !== hashCode(rt, hash, p.purpose, p.code)) {
    const [bumped] = await db
      .update(phoneCodes)
      .set({ attempts: sql`${phoneCodes.attempts} + 1` })
      .where(eq(phoneCodes.id, row.id))
      .returning({ attempts: phoneCodes.attempts });
    const dead = (bumped?.attempts ?? PHONE_CODE_MAX_ATTEMPTS) >= PHONE_CODE_MAX_ATTEMPTS;
    throw new DomainError(400, dead ? 'account:phone.codeTooManyAttempts' : invalid, { status: 400 });
  }
  // Used once: of two requests with the same right code, one wins.
  const [used] = await db
    .update(phoneCodes)
    .set({ consumedAt: now })
    .where(
      and(eq(phoneCodes.id, row.id), isNull(phoneCodes.consumedAt), lt(phoneCodes.attempts, PHONE_CODE_MAX_ATTEMPTS)),
    )
    .returning({ id: phoneCodes.id });
  if (!used) throw new DomainError(400, invalid, { status: 400 });
  return hash;
}
