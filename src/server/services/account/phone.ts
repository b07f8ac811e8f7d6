import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { i18nOf, type Language } from '../../../shared/i18n';
import { maskPhone } from '../../../shared/phone';
import { phoneOffered } from '../../config/sms';
import { failedWith, UNIQUE_VIOLATION } from '../../db/errors';
import { createSession } from '../../db/queries/sessions';
import { users } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { inviteAtSignUp } from '../referral/invites';
import { siteSettings } from '../site-settings';
import { openPhone, phoneHash, sealPhone } from './phone-box';
import { consumePhoneCode, type PhoneCodePurpose, sendPhoneCode } from './phone-codes';
import { recordSignIn } from './sign-ins';

interface Client {
  ip: string;
  userAgent?: string | null;
  lang: Language;
  deviceId?: string;
}

/** A binding to a number another account holds answers like a wrong code: it says nothing about that number. */
export const PHONE_TAKEN = 'account:phone.invalidOrTaken';

async function ownerOf(rt: Runtime, hash: string) {
  const [row] = await rt.database.db
    .select({ id: users.id, bannedAt: users.bannedAt })
    .from(users)
    .where(and(eq(users.phoneHash, hash), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The account's own number in clear (export, deletion proof), or null. */
export function phoneOfUser(rt: Runtime, user: { phoneSealed: string | null }): string | null {
  return user.phoneSealed ? openPhone(rt, user.phoneSealed) : null;
}

/** 138****0000, as the profile shows it. */
export function maskedPhoneOf(rt: Runtime, user: { phoneSealed: string | null }): string | null {
  const phone = phoneOfUser(rt, user);
  return phone ? maskPhone(phone) : null;
}

/** SMS_PROVIDER=off: texting a code, signing in and binding by phone answer 'not available' and change nothing. */
function assertPhoneOffered(rt: Runtime) {
  if (!phoneOffered(rt.env)) throw new DomainError(Code.NOT_FOUND, 'account:phone.unavailable', { status: 404 });
}

/**
 * Sends a sign-in, binding or deletion code. A binding to a number held by another account
 * counts and answers as any other but sends nothing; a deletion's code goes to the account's own
 * number.
 */
export async function requestPhoneCode(
  rt: Runtime,
  p: Client & { purpose: PhoneCodePurpose; phone: string | null; userId: number | null; ownPhone?: string | null },
) {
  assertPhoneOffered(rt);
  if (p.purpose !== 'login' && p.userId === null)
    throw new DomainError(Code.NOT_LOGGED_IN, 'account:login.notLoggedIn');
  const phone = p.purpose === 'delete' ? p.ownPhone : p.phone;
  if (!phone)
    throw new DomainError(400, p.purpose === 'delete' ? 'account:phone.none' : 'account:phone.invalid', {
      status: 400,
    });
  const holder = p.purpose === 'bind' ? await ownerOf(rt, phoneHash(rt, phone)) : null;
  const send = !holder || holder.id === p.userId;
  await sendPhoneCode(rt, { ...p, phone, userId: p.purpose === 'login' ? null : p.userId, send });
}

/**
 * Sign-in by SMS code: the number's account, or a new one (named after the number's last four
 * digits) when it has none. Banned accounts are told so after the code was checked.
 */
export async function loginWithPhone(rt: Runtime, p: Client & { phone: string; code: string; inviteCode?: string }) {
  assertPhoneOffered(rt);
  const { db } = rt.database;
  const hash = await consumePhoneCode(rt, { phone: p.phone, purpose: 'login', code: p.code, ip: p.ip });
  let user = await ownerOf(rt, hash);
  if (!user) {
    const nickname = i18nOf(p.lang).t('account:user.phoneNickname', {
      code: `${p.phone.slice(-4)}${randomBytes(1).toString('hex')}`,
    });
    const [made] = await db
      .insert(users)
      .values({ phoneSealed: sealPhone(rt, p.phone), phoneHash: hash, nickname, language: p.lang })
      .onConflictDoNothing()
      .returning({ id: users.id, bannedAt: users.bannedAt });
    // Two sign-ins racing for a new number: the other made the account.
    user = made ?? (await ownerOf(rt, hash));
    if (!user) throw new Error('phone account neither made nor found');
    if (made) await inviteAtSignUp(db, rt.log, made.id, p.inviteCode, p);
  }
  const { id, bannedAt } = user;
  return recordSignIn(db, { userId: id, method: 'phone', ...p }, async () => {
    if (bannedAt) throw new DomainError(Code.FORBIDDEN, 'account:login.banned', { status: 403 });
    await db.update(users).set({ language: p.lang }).where(eq(users.id, id));
    return createSession(db, { userId: id, userAgent: p.userAgent, ip: p.ip });
  });
}

/** Binds a number to the account, or changes it: the code went to the new number. */
export async function bindPhone(rt: Runtime, userId: number, p: { phone: string; code: string; ip: string }) {
  assertPhoneOffered(rt);
  const hash = await consumePhoneCode(rt, { ...p, purpose: 'bind', userId, invalidKey: PHONE_TAKEN });
  const { db } = rt.database;
  try {
    const [done] = await db
      .update(users)
      .set({ phoneSealed: sealPhone(rt, p.phone), phoneHash: hash, updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!done) throw new DomainError(401, 'account:login.expired', { status: 401 });
  } catch (err) {
    if (failedWith(err, UNIQUE_VIOLATION)) throw new DomainError(400, PHONE_TAKEN, { status: 400 });
    throw err;
  }
}

/**
 * Whether the console's phone gate is in force: PHONE_REQUIRED on a site that texts codes. With
 * SMS_PROVIDER=off nobody could bind a number, so a setting left on does not lock accounts out.
 */
export async function phoneGateOn(rt: Runtime): Promise<boolean> {
  return phoneOffered(rt.env) && (await siteSettings(rt)).PHONE_REQUIRED;
}

/**
 * The console's gate (PHONE_REQUIRED): an account without a number may not generate or publish
 * until it binds one. api/access.ts runs it for the routes that declare so; visitors pass (their
 * own limits and the login prompt apply).
 */
export async function assertPhoneBound(rt: Runtime, userId: number | null) {
  if (userId === null || !(await phoneGateOn(rt))) return;
  const [row] = await rt.database.db.select({ hash: users.phoneHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row?.hash) throw new DomainError(Code.PHONE_REQUIRED, 'account:phone.required', { status: 403 });
}
