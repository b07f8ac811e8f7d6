import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { toSafeText } from '../../../shared/safe-text';
import type { Db } from '../client';
import { sessions } from '../schema';
import { batched } from './batched';
import { prepared } from './prepared';
import { cachedSession, forgetSessions, keepSession, sessionReadMark } from './session-cache';

/** Session lifetime: 7 days (docs/accounts.md). */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session and returns the bearer token; only its hash is stored. */
export async function createSession(
  db: Db,
  params: { userId: number; userAgent?: string | null; ip?: string | null; now?: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = params.now ?? new Date();
  await db.insert(sessions).values({
    userId: params.userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    // Headers are kept as data: bounded and cleaned of what PostgreSQL refuses.
    userAgent: toSafeText(params.userAgent, 300),
    ip: toSafeText(params.ip, 64),
  });
  return token;
}

/** The live session of a token ({ id, userId }), or null. Malformed tokens never reach the database. */
export async function sessionForToken(db: Db, token: string | null | undefined, now = new Date()) {
  if (!token || token.length > 128 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const hash = hashToken(token);
  const cached = cachedSession(db, hash, now.getTime());
  if (cached !== undefined) return cached;
  const mark = sessionReadMark(db);
  const row = await batched(db, 'session_live', liveSessions)({ hash, now });
  if (!row) return null;
  keepSession(db, hash, row, mark);
  return { id: row.id, userId: row.userId };
}

interface SessionRow {
  id: number;
  userId: number;
  expiresAt: Date;
}

/**
 * The live sessions of the asked token hashes, in one statement for many
 * requests (batched.ts); each is judged live at its own request's time.
 */
async function liveSessions(db: Db, asked: readonly { hash: string; now: Date }[]): Promise<(SessionRow | null)[]> {
  const rows = await prepared(db, 'session_live', (db, name) =>
    db
      .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, hash: sessions.tokenHash })
      .from(sessions)
      .where(and(sql`${sessions.tokenHash} = any(${sql.placeholder('hashes')}::text[])`, isNull(sessions.revokedAt)))
      .prepare(name),
  ).execute({ hashes: asked.map((a) => a.hash) });
  const byHash = new Map(rows.map((r) => [r.hash, r]));
  return asked.map(({ hash, now }) => {
    const r = byHash.get(hash);
    return r && r.expiresAt > now ? { id: r.id, userId: r.userId, expiresAt: r.expiresAt } : null;
  });
}

/** The user id a live token belongs to, or null. */
export async function userIdForToken(db: Db, token: string | null | undefined, now = new Date()) {
  return (await sessionForToken(db, token, now))?.userId ?? null;
}

export async function revokeSession(db: Db, token: string) {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ userId: sessions.userId });
  for (const { userId } of ended) forgetSessions(db, userId);
}
