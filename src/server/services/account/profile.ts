import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { i18nOf, type Language } from '../../../shared/i18n';
import type { Db } from '../../db/client';
import { forgetSessions } from '../../db/queries/session-cache';
import { revokeSession } from '../../db/queries/sessions';
import { sessions, signIns, users } from '../../db/schema';
import { DomainError } from '../../errors';
import { loadSharp } from '../../providers/sharp';
import type { Runtime } from '../../runtime';
import { stripGenerationLogs } from '../compliance/generation-log';
import { checkTexts } from '../moderation/publishing';
import { pictureRefused } from '../pictures';
import { findUserByEmail, setPassword, TAKEN } from './auth';
import { removeAccountContent } from './content';
import { checkPassword } from './password-guard';
import { maskedPhoneOf, phoneOfUser } from './phone';
import { consumePhoneCode } from './phone-codes';
import { consumeCode } from './verification-codes';
import { consumeWechatLogin } from './wechat-login';

const AVATAR_MAX_BYTES = 512 * 1024;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function loadUser(rt: Runtime, userId: number) {
  const [user] = await rt.database.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw new DomainError(401, 'account:login.expired', { status: 401 });
  return user;
}

/** User info, plus what the profile dialog needs to offer (docs/api.md). */
export async function userInfo(rt: Runtime, userId: number, lang: Language) {
  const u = await loadUser(rt, userId);
  return {
    baseUserId: u.id,
    email: u.email,
    emailVerified: Boolean(u.emailVerifiedAt),
    nickname: u.nickname ?? u.email?.split('@')[0] ?? `user${u.id}`,
    avatarUrl: u.avatarUrl,
    description: u.description || i18nOf(lang).t('account:user.defaultDescription'),
    vipType: u.vipType,
    startDate: iso(u.startDate),
    endDate: iso(u.endDate),
    plusType: u.plusType,
    startDatePlus: iso(u.startDatePlus),
    endDatePlus: iso(u.endDatePlus),
    hasPassword: Boolean(u.passwordHash),
    wechatBound: Boolean(u.wechatOpenId),
    phone: maskedPhoneOf(rt, u),
    // Only console accounts learn that the console exists (docs/console.md).
    ...(u.role === 'operator' || u.role === 'admin' ? { console: true } : {}),
  };
}

const AVATAR_MAX_PIXELS = 4096 * 4096;

/** Decodes the upload (so only real images pass) and stores a 256 px WebP. */
async function storeAvatar(rt: Runtime, dataUrl: string): Promise<string> {
  const sharp = await loadSharp();
  const m = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  const bytes = m?.[2] ? Buffer.from(m[2], 'base64') : null;
  if (!bytes || bytes.length > AVATAR_MAX_BYTES)
    throw new DomainError(400, 'account:profile.avatarInvalid', { status: 400 });
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS })
      .rotate()
      .resize(256, 256, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    throw pictureRefused(
      err,
      AVATAR_MAX_PIXELS,
      new DomainError(400, 'account:profile.avatarInvalid', { status: 400 }),
    );
  }
  return rt.storage.put(`avatars/${randomBytes(12).toString('hex')}.webp`, webp);
}

export async function updateProfile(
  rt: Runtime,
  userId: number,
  p: { nickname?: string; description?: string; avatar?: string },
) {
  const user = await loadUser(rt, userId);
  await checkTexts(rt, [p.nickname ?? '', p.description ?? ''], 'account:profile.refused');
  const avatarUrl = p.avatar ? await storeAvatar(rt, p.avatar) : undefined;
  await rt.database.db
    .update(users)
    .set({ nickname: p.nickname, description: p.description, avatarUrl, updatedAt: new Date() })
    .where(eq(users.id, userId));
  if (avatarUrl && user.avatarUrl) await rt.storage.remove(user.avatarUrl);
}

/** Logged-in change: the current password is required; other sessions end. */
export async function changePassword(
  rt: Runtime,
  userId: number,
  token: string,
  p: { oldPassword: string; password: string; ip: string },
) {
  const user = await loadUser(rt, userId);
  if (!user.passwordHash) throw new DomainError(400, 'account:password.notSet', { status: 400 });
  if (!(await checkPassword(rt, { user, password: p.oldPassword, ip: p.ip })))
    throw new DomainError(400, 'account:password.wrongCurrent', { status: 400 });
  await setPassword(rt.database.db, userId, p.password, token);
}

/** Gives a WeChat-only account an e-mail and password, proven by a 'bind' code. */
export async function bindEmail(
  rt: Runtime,
  userId: number,
  token: string,
  p: { email: string; code: string; password: string },
) {
  const user = await loadUser(rt, userId);
  if (user.email) throw new DomainError(400, 'account:email.alreadyBound', { status: 400 });
  // The code first, and a taken address answers like a wrong code (its owner got a notice, not a code).
  await consumeCode(rt, { email: p.email, purpose: 'bind', code: p.code, invalidKey: TAKEN });
  if (await findUserByEmail(rt.database.db, p.email)) throw new DomainError(400, TAKEN, { status: 400 });
  await rt.database.db
    .update(users)
    .set({ email: p.email.trim(), emailVerifiedAt: new Date() })
    .where(eq(users.id, userId));
  await setPassword(rt.database.db, userId, p.password, token);
}

/**
 * A WeChat-only account has no password: a session alone (a borrowed phone, a
 * stolen token) must not delete it. The owner scans a fresh login QR with the
 * account's own WeChat; the scan is used up here, whoever made it.
 */
async function proveWechat(rt: Runtime, openId: string, p: { qrcodeSocket?: string; openId?: string }) {
  if (!p.qrcodeSocket || !p.openId || !(await consumeWechatLogin(rt, p.qrcodeSocket, p.openId)))
    throw new DomainError(400, 'account:delete.scanRequired', { status: 400 });
  if (p.openId !== openId) throw new DomainError(400, 'account:delete.scanMismatch', { status: 400 });
}

/**
 * Deletes the account: personal data (the phone number too) is wiped, the row stays (anonymised) so
 * orders keep their owner for accounting; every session ends; its drawings,
 * songs, apps and conversations go with their files.
 */
export async function deleteAccount(
  rt: Runtime,
  userId: number,
  p: { password?: string; qrcodeSocket?: string; openId?: string; phoneCode?: string; ip: string },
) {
  const user = await loadUser(rt, userId);
  if (user.passwordHash && !(await checkPassword(rt, { user, password: p.password ?? '', ip: p.ip })))
    throw new DomainError(400, 'account:password.wrongCurrent', { status: 400 });
  if (!user.passwordHash && user.wechatOpenId) await proveWechat(rt, user.wechatOpenId, p);
  // A phone-only account: a 'delete' code sent to its own number.
  const phone = !user.passwordHash && !user.wechatOpenId ? phoneOfUser(rt, user) : null;
  if (phone) await consumePhoneCode(rt, { phone, purpose: 'delete', code: p.phoneCode ?? '', ip: p.ip, userId });
  await anonymiseAccount(rt.database.db, userId);
  await removeAccountLeftovers(rt, userId, user.avatarUrl);
}

/**
 * The deletion's database part, in the caller's transaction if any: personal
 * data is wiped, every session ends, the sign-in history goes. The console's
 * deletion (services/account/console-user-account.ts) runs it too.
 */
export async function anonymiseAccount(db: Db, userId: number) {
  const now = new Date();
  await db
    .update(users)
    .set({
      email: null,
      passwordHash: null,
      wechatOpenId: null,
      phoneSealed: null,
      phoneHash: null,
      nickname: null,
      avatarUrl: null,
      description: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  forgetSessions(db, userId);
  await db.delete(signIns).where(eq(signIns.userId, userId));
  // The law keeps who asked what and when for its period: the rows stay, their text goes.
  await stripGenerationLogs(db, userId);
}

/** The deletion's files: the avatar, then drawings, songs, apps and conversations with theirs. */
export async function removeAccountLeftovers(rt: Runtime, userId: number, avatarUrl: string | null) {
  if (avatarUrl) await rt.storage.remove(avatarUrl);
  await removeAccountContent(rt, userId);
}

export { revokeSession };
