import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { Code } from '../../lib/codes';
import type { Language } from '../../lib/i18n';
import { ApiError } from '../api/errors';
import type { Db } from '../db/client';
import { hit } from '../db/queries/rate-limits';
import { createSession, hashToken, userIdForToken } from '../db/queries/sessions';
import { sessions, users } from '../db/schema';
import type { Runtime } from '../runtime';
import { consumeCode } from './codes';
import { hashPassword, verifyPassword } from './passwords';
import { consumeWechatLogin } from './wechat-login';

const MINUTE = 60_000;
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

export async function register(
  rt: Runtime,
  p: { email: string; password: string; code: string; sessionId: string } & Client,
) {
  const { db } = rt.database;
  const perIp = await hit(db, `register:ip:${p.ip}`, { limit: 10 * rt.env.IP_LIMIT_SCALE, windowMs: 60 * MINUTE });
  if (!perIp.allowed) throw new ApiError(429, 'account:register.tooMany', { status: 429 });
  if (await findUserByEmail(db, p.email)) throw new ApiError(400, 'account:email.taken', { status: 400 });
  await consumeCode(rt, { email: p.email, purpose: 'register', code: p.code, sessionId: p.sessionId });
  const passwordHash = await hashPassword(p.password);
  try {
    const [user] = await db
      .insert(users)
      .values({ email: p.email.trim(), passwordHash, emailVerifiedAt: new Date(), language: p.lang })
      .returning({ id: users.id });
    return user;
  } catch (err) {
    // The unique index settles two registrations racing for one address.
    if (String((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505')
      throw new ApiError(400, 'account:email.taken', { status: 400 });
    throw err;
  }
}

/**
 * Password login. Wrong address and wrong password answer alike; limits per
 * IP and per account, the account one backing off after repeated failures.
 */
export async function loginWithPassword(rt: Runtime, p: { email: string; password: string } & Client) {
  const { db } = rt.database;
  const perIp = await hit(db, `login:ip:${p.ip}`, { limit: 30 * rt.env.IP_LIMIT_SCALE, windowMs: 10 * MINUTE });
  if (!perIp.allowed) throw new ApiError(429, 'account:login.tooMany', { status: 429 });
  const user = await findUserByEmail(db, p.email);
  if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    const minutes = Math.ceil((user.lockedUntil.getTime() - Date.now()) / MINUTE);
    throw new ApiError(429, 'account:login.locked', { status: 429, params: { minutes } });
  }
  const ok = await verifyPassword(p.password, user?.passwordHash);
  if (!user || !ok) {
    if (user) {
      const failed = user.failedLogins + 1;
      // From the 5th failure on: 1, 2, 4 … minutes, at most a day.
      const lock = failed >= 5 ? new Date(Date.now() + Math.min(2 ** (failed - 5), 1440) * MINUTE) : null;
      await db.update(users).set({ failedLogins: failed, lockedUntil: lock }).where(eq(users.id, user.id));
    }
    throw new ApiError(400, 'account:login.failed', { status: 400 });
  }
  await db.update(users).set({ failedLogins: 0, lockedUntil: null, language: p.lang }).where(eq(users.id, user.id));
  return createSession(db, { userId: user.id, userAgent: p.userAgent, ip: p.ip });
}

/**
 * Login by a WeChat QR the server itself confirmed. With an e-mail and
 * password it links the WeChat account to that e-mail account; without, it
 * logs into (or creates) the account linked to the openId.
 */
export async function loginWithOpenId(
  rt: Runtime,
  p: { openId: string; qrcodeSocket: string; email?: string; password?: string } & Client,
) {
  const { db } = rt.database;
  if (!(await consumeWechatLogin(rt, p.qrcodeSocket, p.openId)))
    throw new ApiError(Code.BAD_REQUEST, 'account:wx.loginFailed', { status: 400 });
  if (p.email && p.password) {
    const user = await findUserByEmail(db, p.email);
    if (!user || !(await verifyPassword(p.password, user.passwordHash)))
      throw new ApiError(400, 'account:login.failed', { status: 400 });
    // The openId moves to this account; an empty WeChat-only account keeps existing but loses it.
    await db
      .update(users)
      .set({ wechatOpenId: null })
      .where(and(eq(users.wechatOpenId, p.openId), ne(users.id, user.id)));
    await db.update(users).set({ wechatOpenId: p.openId }).where(eq(users.id, user.id));
    return createSession(db, { userId: user.id, userAgent: p.userAgent, ip: p.ip });
  }
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.wechatOpenId, p.openId), isNull(users.deletedAt)))
    .limit(1);
  const user =
    existing ??
    (
      await db
        .insert(users)
        .values({ wechatOpenId: p.openId, nickname: `微信用户${randomBytes(2).toString('hex')}`, language: p.lang })
        .onConflictDoUpdate({ target: users.wechatOpenId, set: { updatedAt: new Date() } })
        .returning({ id: users.id })
    )[0];
  if (!user) throw new Error('user insert returned nothing');
  return createSession(db, { userId: user.id, userAgent: p.userAgent, ip: p.ip });
}

/** Reset by e-mailed code: sets the password and ends every session. */
export async function resetPassword(rt: Runtime, p: { email: string; password: string; code: string }) {
  const { db } = rt.database;
  await consumeCode(rt, { email: p.email, purpose: 'reset', code: p.code });
  const user = await findUserByEmail(db, p.email);
  if (!user) throw new ApiError(400, 'account:code.invalid', { status: 400 });
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
}

/** The caller's user id: 1000001 without a token, 401 for a dead one (the browser then clears it). */
export async function requireUserId(db: Db, authorization: string | undefined): Promise<number> {
  const token = bearer(authorization);
  if (!token) throw new ApiError(Code.NOT_LOGGED_IN, 'account:login.notLoggedIn');
  const userId = await userIdForToken(db, token);
  if (userId === null) throw new ApiError(Code.UNAUTHORIZED, 'account:login.expired', { status: 401 });
  return userId;
}

export function bearer(authorization: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return m?.[1] ?? null;
}
