import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import { type Role, STAFF_ROLES } from '../../../shared/admin';
import type { Db } from '../../db/client';
import { hashToken } from '../../db/queries/sessions';
import { adminSessions, sessions, users } from '../../db/schema';
import { DomainError } from '../../errors';
import { isEnrolled } from './totp';

/** A console session lasts a working day; its two-factor check half an hour. */
export const CONSOLE_SESSION_MS = 8 * 3600_000;
export const TOTP_FRESH_MS = 30 * 60_000;

export interface ConsoleUser {
  sessionId: number;
  userId: number;
  email: string | null;
  role: Role;
  totpAt: Date | null;
}

/** Not found: what anyone without a console role sees, so nothing tells the console exists. */
export const hidden = () => new DomainError(404, 'error.notFound', { status: 404 });

/**
 * Opens a console session for the holder of a live login token with a console
 * role; anyone else gets the not-found answer. Answers the cookie's token.
 */
export async function openConsoleSession(db: Db, loginToken: string | null) {
  if (!loginToken || loginToken.length > 128) throw hidden();
  const now = new Date();
  const [row] = await db
    .select({ sessionId: sessions.id, userId: users.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(loginToken)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        inArray(users.role, [...STAFF_ROLES]),
        isNull(users.bannedAt),
        isNull(users.deletedAt),
      ),
    );
  if (!row) throw hidden();
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, now));
  const token = randomBytes(32).toString('base64url');
  await db.insert(adminSessions).values({
    userId: row.userId,
    loginSessionId: row.sessionId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + CONSOLE_SESSION_MS),
  });
  return token;
}

/** The console user of a cookie token: live console and login sessions, a console role, not banned. */
export async function consoleUser(db: Db, token: string | undefined): Promise<ConsoleUser | null> {
  if (!token || token.length > 128 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: adminSessions.id,
      userId: users.id,
      email: users.email,
      role: users.role,
      totpAt: adminSessions.totpAt,
    })
    .from(adminSessions)
    .innerJoin(sessions, eq(sessions.id, adminSessions.loginSessionId))
    .innerJoin(users, eq(users.id, adminSessions.userId))
    .where(
      and(
        eq(adminSessions.tokenHash, hashToken(token)),
        gt(adminSessions.expiresAt, now),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        inArray(users.role, [...STAFF_ROLES]),
        isNull(users.bannedAt),
        isNull(users.deletedAt),
      ),
    );
  return row ? { ...row, role: row.role as Role } : null;
}

export function totpFresh(user: ConsoleUser, now = Date.now()) {
  return user.totpAt !== null && now - user.totpAt.getTime() < TOTP_FRESH_MS;
}

export async function closeConsoleSession(db: Db, sessionId: number) {
  await db.delete(adminSessions).where(eq(adminSessions.id, sessionId));
}

/** For console pages: the user of the request's cookie, else null (the page then answers as an unknown path). */
export async function consoleForPage(db: Db, token: string | undefined) {
  const user = await consoleUser(db, token);
  if (!user) return null;
  return { role: user.role, email: user.email, verified: totpFresh(user), enrolled: await isEnrolled(db, user.userId) };
}
