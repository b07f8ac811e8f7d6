import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { apps, drawings, sessions, songs } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { readQuota } from '../chat/quota';
import { readDrawQuota } from '../drawing/quota';
import { readMusicQuota } from '../music/quota';
import { signInHistory } from './sign-ins';

const RECENT = 20;
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Today's use of the three daily allowances, as the user's own screens count it. */
async function quotaToday(rt: Runtime, userId: number) {
  const [chat, draw, music] = await Promise.all([
    readQuota(rt, { userId, ip: '' }),
    readDrawQuota(rt, userId),
    readMusicQuota(rt, userId),
  ]);
  return {
    chat: { used: chat.used, limit: chat.limit },
    draw: { used: draw.used, limit: draw.limit },
    music: { used: music.freeUsed, limit: music.freeLimit },
  };
}

/** Live sessions (newest first) with their device, address and last use. */
export async function liveSessions(rt: Runtime, userId: number) {
  const rows = await rt.database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.id))
    .limit(50);
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: iso(s.lastUsedAt),
    expiresAt: s.expiresAt.toISOString(),
    userAgent: s.userAgent,
    ip: s.ip,
  }));
}

/** The parts of a user's console page beyond profile and orders (docs/console.md, Users). */
export async function userInsights(rt: Runtime, userId: number) {
  const { db } = rt.database;
  const [quota, recentDrawings, recentSongs, recentApps, live, signIns] = await Promise.all([
    quotaToday(rt, userId),
    db
      .select({
        taskId: drawings.taskId,
        prompt: drawings.prompt,
        status: drawings.status,
        provider: drawings.provider,
        createdAt: drawings.createdAt,
      })
      .from(drawings)
      .where(eq(drawings.userId, userId))
      .orderBy(desc(drawings.id))
      .limit(RECENT),
    db
      .select({
        taskId: songs.taskId,
        title: songs.title,
        prompt: songs.prompt,
        status: songs.status,
        provider: songs.provider,
        createdAt: songs.createdAt,
      })
      .from(songs)
      .where(eq(songs.userId, userId))
      .orderBy(desc(songs.createdAt))
      .limit(RECENT),
    db
      .select({ id: apps.id, title: apps.promptTitle, published: apps.published, createdAt: apps.createdAt })
      .from(apps)
      .where(and(eq(apps.ownerId, userId), isNull(apps.deletedAt)))
      .orderBy(desc(apps.createdAt))
      .limit(RECENT),
    liveSessions(rt, userId),
    signInHistory(db, userId),
  ]);
  const at = <T extends { createdAt: Date }>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() });
  return {
    quota,
    drawings: recentDrawings.map((d) => at({ ...d, prompt: d.prompt.slice(0, 120) })),
    songs: recentSongs.map((s) => at({ ...s, title: s.title || s.prompt.slice(0, 60), prompt: undefined })),
    apps: recentApps.map(at),
    sessions: live,
    signIns,
  };
}
