import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { i18nOf, type Language } from '../../../shared/i18n';
import type { Db } from '../../db/client';
import { failedWith, UNIQUE_VIOLATION } from '../../db/errors';
import { hit } from '../../db/queries/rate-limits';
import { forgetSessions } from '../../db/queries/session-cache';
import { createSession, hashToken, sessionForToken } from '../../db/queries/sessions';
import { sessions, users } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { inviteAtSignUp } from '../referral/invites';
import { noteActivity } from './activity';
import { checkPassword } from './password-guard';
import { hashPassword } from './passwords';
import { recordSignIn } from './sign-ins';
import { consumeCode } from './verification-codes';
import { consumeWechatLogin } from './wechat-login';

const HOUR = 3_600_000;
interface Client {
  ip: string;
  userAgent?: string | null;
  lang: Language;
}

const byEmail = (email: string) =>
  and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt));

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row ?? null;
}

/** A wrong code and a taken address answer alike, naming both (docs/accounts.md). */
export const TAKEN = 'account:code.invalidOrTaken';

const REGISTER_PER_IP_HOURLY = 10;
const REGISTER_PER_IP_DAILY = 20;

/**
 * Registration by e-mailed code, limited per client address per hour and per
 * day. A taken address gets the answer of a wrong code: its owner was mailed
 * a notice instead of a code, so nobody learns that it is registered. That
 * answer says so for every wrong code, so the owner understands it.
 */
export async function register(
  rt: Runtime,
  p: { email: string; password: string; code: string; sessionId: string; inviteCode?: string } & Client,
) {
  const { db } = rt.database;
  const scale = rt.env.IP_LIMIT_SCALE;
  const hourly = await hit(db, `register:ip:h:${p.ip}`, { limit: REGISTER_PER_IP_HOURLY * scale, windowMs: HOUR });
  const daily = await hit(db, `register:ip:d:${p.ip}`, { limit: REGISTER_PER_IP_DAILY * scale, windowMs: 24 * HOUR });
  if (!hourly.allowed || !daily.allowed) throw new DomainError(429, 'account:register.tooMany', { status: 429 });
  // The code first: wrong tries count for taken and free addresses alike.
  await consumeCode(rt, {
    email: p.email,
    purpose: 'register',
    code: p.code,
    sessionId: p.sessionId,
    invalidKey: TAKEN,
  });
  if (await findUserByEmail(db, p.email)) throw new DomainError(400, TAKEN, { status: 400 });
  const passwordHash = await hashPassword(p.password);
  try {
    const [user] = await db
      .insert(users)
      .values({ email: p.email.trim(), passwordHash, emailVerifiedAt: new Date(), language: p.lang })
      .returning({ id: users.id });
    if (user) await inviteAtSignUp(db, rt.log, user.id, p.inviteCode, p);
    return user;
  } catch (err) {
    // The unique index settles two registrations racing for one address (both held a mailed code).
    if (failedWith(err, UNIQUE_VIOLATION)) throw new DomainError(400, 'account:email.taken', { status: 400 });
    throw err;
  }
}

/**
 * Password login. Wrong address and wrong password answer alike; the limits
 * and the account lock are those of every password check.
 */
export async function loginWithPassword(rt: Runtime, p: { email: string; password: string } & Client) {
  const { db } = rt.database;
  const user = await findUserByEmail(db, p.email);
  return recordSignIn(db, { userId: user?.id ?? null, method: 'password', ...p }, async () => {
    if (!(await checkPassword(rt, { user, password: p.password, ip: p.ip })) || !user)
      throw new DomainError(400, 'account:login.failed', { status: 400 });
    refuseBanned(user);
    await db.update(users).set({ language: p.lang }).where(eq(users.id, user.id));
    return createSession(db, { userId: user.id, userAgent: p.userAgent, ip: p.ip });
  });
}

/**
 * Login by a WeChat QR the server itself confirmed. With an e-mail and
 * password it links the WeChat account to that e-mail account; without, it
 * logs into (or creates) the account linked to the openId.
 */
export async function loginWithOpenId(
  rt: Runtime,
  p: { openId: string; qrcodeSocket: string; email?: string; password?: string; inviteCode?: string } & Client,
) {
  const { db } = rt.database;
  if (!(await consumeWechatLogin(rt, p.qrcodeSocket, p.openId)))
    throw new DomainError(Code.BAD_REQUEST, 'account:wx.loginFailed', { status: 400 });
  if (p.email && p.password) {
    // Binding proves the account's password, under the same limits and lock as a login.
    const user = await findUserByEmail(db, p.email);
    return recordSignIn(db, { userId: user?.id ?? null, method: 'wechat-bind', ...p }, async () => {
      if (!(await checkPassword(rt, { user, password: p.password ?? '', ip: p.ip })) || !user)
        throw new DomainError(400, 'account:login.failed', { status: 400 });
      refuseBanned(user);
      // The openId moves to this account; an empty WeChat-only account keeps existing but loses it.
      await db
        .update(users)
        .set({ wechatOpenId: null })
        .where(and(eq(users.wechatOpenId, p.openId), ne(users.id, user.id)));
      await db.update(users).set({ wechatOpenId: p.openId }).where(eq(users.id, user.id));
      return createSession(db, { userId: user.id, userAgent: p.userAgent, ip: p.ip });
    });
  }
  const [existing] = await db
    .select({ id: users.id, bannedAt: users.bannedAt })
    .from(users)
    .where(and(eq(users.wechatOpenId, p.openId), isNull(users.deletedAt)))
    .limit(1);
  const user =
    existing ??
    (
      await db
        .insert(users)
        .values({ wechatOpenId: p.openId, nickname: wechatNickname(p.lang), language: p.lang })
        .onConflictDoUpdate({ target: users.wechatOpenId, set: { updatedAt: new Date() } })
        .returning({ id: users.id })
    )[0];
  if (!user) throw new Error('user insert returned nothing');
  if (!existing) await inviteAtSignUp(db, rt.log, user.id, p.inviteCode, p);
  return recordSignIn(db, { userId: user.id, method: 'wechat', ...p }, async () => {
    if (existing) refuseBanned(existing);
    return createSession(db, { userId: user.id, userAgent: p.userAgent, ip: p.ip });
  });
}

/** A new WeChat account's name until its owner picks one, in the language it signed up in. */
const wechatNickname = (lang: Language) =>
  i18nOf(lang).t('account:user.wechatNickname', { code: randomBytes(2).toString('hex') });

/** A banned account (console, docs/console.md) is told so at login, after its password was checked. */
function refuseBanned(user: { bannedAt: Date | null }) {
  if (user.bannedAt) throw new DomainError(Code.FORBIDDEN, 'account:login.banned', { status: 403 });
}

/** Reset by e-mailed code: sets the password and ends every session. */
export async function resetPassword(rt: Runtime, p: { email: string; password: string; code: string }) {
  const { db } = rt.database;
  await consumeCode(rt, { email: p.email, purpose: 'reset', code: p.code });
  const user = await findUserByEmail(db, p.email);
  if (!user) throw new DomainError(400, 'account:code.invalid', { status: 400 });
  await setPassword(db, user.id, p.password);
}

export async function setPassword(db: Db, userId: number, password: string, keepSessionToken?: string) {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), failedLogins: 0, lockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  const others = keepSessionToken ? ne(sessions.tokenHash, hashToken(keepSessionToken)) : undefined;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), others));
  forgetSessions(db, userId);
}

/** The caller's user id: 1000001 without a token, 401 for a dead one (the browser then clears it). */
export async function requireUserId(db: Db, authorization: string | undefined): Promise<number> {
  const token = bearer(authorization);
  if (!token) throw new DomainError(Code.NOT_LOGGED_IN, 'account:login.notLoggedIn');
  const session = await sessionForToken(db, token);
  if (!session) throw new DomainError(Code.UNAUTHORIZED, 'account:login.expired', { status: 401 });
  await noteActivity(db, session);
  return session.userId;
}

export function bearer(authorization: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return m?.[1] ?? null;
}
