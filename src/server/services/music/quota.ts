import { and, eq, gt, sql } from 'drizzle-orm';
import type { MusicQuota } from '../../../shared/contract/music';
import type { SiteSettings } from '../../../shared/site-settings';
import { startOfDay } from '../../../shared/site-time';
import type { Db } from '../../db/client';
import { giveBackToCounter, readCounter, takeFromCounter } from '../../db/queries/rate-limits';
import { type Song, users } from '../../db/schema';
import { lockUser } from '../../db/transaction';
import type { Runtime } from '../../runtime';
import { siteSettings } from '../site-settings';

export type Charge = 'free' | 'paid';

/** Quota arithmetic: free compositions first, then bought ones; never negative. */
export function quotaView(p: {
  balance: number;
  freeLimit: number;
  freeUsed: number;
  member: boolean;
  resetsAt: Date;
}) {
  const balance = Math.max(0, p.balance);
  const freeUsed = Math.min(Math.max(0, p.freeUsed), p.freeLimit);
  const freeLeft = p.freeLimit - freeUsed;
  return {
    balance,
    freeLimit: p.freeLimit,
    freeUsed,
    freeLeft,
    total: freeLeft + balance,
    member: p.member,
    cost: 1,
    resetsAt: p.resetsAt.toISOString(),
  } satisfies MusicQuota;
}

/** Which pocket the next composition comes from, or null when both are empty. */
export function nextCharge(q: Pick<MusicQuota, 'freeLeft' | 'balance'>): Charge | null {
  if (q.freeLeft > 0) return 'free';
  return q.balance > 0 ? 'paid' : null;
}

const freeKey = (userId: number) => `music:free:${userId}`;

function dayOf(rt: Runtime, now: number) {
  const tz = (rt.env as { SITE_TIME_ZONE?: string }).SITE_TIME_ZONE ?? 'Asia/Shanghai';
  return { start: new Date(startOfDay(now, tz)), next: new Date(startOfDay(now, tz, 1)) };
}

async function userFacts(db: Db, userId: number, now: number) {
  const [u] = await db
    .select({ balance: users.compositionsLeft, vip: users.vipType, end: users.endDate })
    .from(users)
    .where(eq(users.id, userId));
  const member = u?.vip != null && u.end !== null && u.end.getTime() > now;
  return { balance: u?.balance ?? 0, member };
}

export async function readMusicQuota(rt: Runtime, userId: number, now = Date.now()): Promise<MusicQuota> {
  const { db } = rt.database;
  const cfg = await siteSettings(rt);
  const { balance, member } = await userFacts(db, userId, now);
  const day = dayOf(rt, now);
  const freeUsed = await readCounter(db, { key: freeKey(userId), windowStart: day.start });
  const freeLimit = member ? cfg.MUSIC_MEMBER_FREE_DAILY : cfg.MUSIC_FREE_DAILY;
  return quotaView({ balance, freeLimit, freeUsed, member, resetsAt: day.next });
}

/**
 * Takes one composition inside the caller's transaction: a free one while
 * today's allowance lasts, else one bought. Both are single conditional
 * statements, so concurrent submits can never overdraw. Null: nothing left.
 */
export async function takeComposition(
  rt: Runtime,
  tx: Db,
  userId: number,
  cfg: Pick<SiteSettings, 'MUSIC_FREE_DAILY' | 'MUSIC_MEMBER_FREE_DAILY'>,
  now = Date.now(),
): Promise<{ charge: Charge; chargeDay: Date | null } | null> {
  // First in the submit's transaction: the user row before the day's counter and the song's insert.
  await lockUser(tx, userId);
  const { member } = await userFacts(tx, userId, now);
  const limit = member ? cfg.MUSIC_MEMBER_FREE_DAILY : cfg.MUSIC_FREE_DAILY;
  const { start } = dayOf(rt, now);
  if ((await takeFromCounter(tx, { key: freeKey(userId), windowStart: start }, limit)) !== null) {
    return { charge: 'free', chargeDay: start };
  }
  const [paid] = await tx
    .update(users)
    .set({ compositionsLeft: sql`${users.compositionsLeft} - 1` })
    .where(and(eq(users.id, userId), gt(users.compositionsLeft, 0)))
    .returning({ left: users.compositionsLeft });
  return paid ? { charge: 'paid', chargeDay: null } : null;
}

/** Gives a failed song's composition back where it came from; call it in the transaction that fails the song. */
export async function refundComposition(tx: Db, song: Pick<Song, 'userId' | 'charge' | 'chargeDay'>): Promise<void> {
  if (song.charge === 'paid') {
    await tx
      .update(users)
      .set({ compositionsLeft: sql`${users.compositionsLeft} + 1` })
      .where(eq(users.id, song.userId));
    return;
  }
  if (song.charge === 'free' && song.chargeDay) {
    await giveBackToCounter(tx, { key: freeKey(song.userId), windowStart: song.chargeDay });
  }
}
