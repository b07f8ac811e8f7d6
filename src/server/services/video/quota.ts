import { eq } from 'drizzle-orm';
import type { VideoQuota } from '../../../shared/contract/video';
import type { SiteSettings } from '../../../shared/site-settings';
import { startOfDay } from '../../../shared/site-time';
import type { Db } from '../../db/client';
import { giveBackToCounter, readCounter, takeFromCounter } from '../../db/queries/rate-limits';
import { users, type Video } from '../../db/schema';
import { lockUser } from '../../db/transaction';
import type { Runtime } from '../../runtime';
import { rateKey, rateOf } from '../credits/rates';
import { siteSettings } from '../site-settings';

const freeKey = (userId: number) => `video:free:${userId}`;

function dayOf(rt: Runtime, now: number) {
  const tz = (rt.env as { SITE_TIME_ZONE?: string }).SITE_TIME_ZONE ?? 'Asia/Shanghai';
  return { start: new Date(startOfDay(now, tz)), next: new Date(startOfDay(now, tz, 1)) };
}

async function isMember(db: Db, userId: number, now: number) {
  const [u] = await db.select({ vip: users.vipType, end: users.endDate }).from(users).where(eq(users.id, userId));
  return u?.vip != null && u.end !== null && u.end.getTime() > now;
}

/** The day's free videos, from the console's settings over the environment's (docs/console.md). */
export type FreeVideos = Pick<SiteSettings, 'VIDEO_FREE_DAILY' | 'VIDEO_MEMBER_FREE_DAILY'>;

/** Today's free videos: the console's values over the environment's (docs/console.md). */
const freeLimitOf = async (rt: Runtime, member: boolean) => {
  const cfg = await siteSettings(rt);
  return member ? cfg.VIDEO_MEMBER_FREE_DAILY : cfg.VIDEO_FREE_DAILY;
};

export async function readVideoQuota(rt: Runtime, userId: number, now = Date.now()): Promise<VideoQuota> {
  const { db } = rt.database;
  const member = await isMember(db, userId, now);
  const day = dayOf(rt, now);
  const freeLimit = await freeLimitOf(rt, member);
  const freeUsed = Math.min(freeLimit, await readCounter(db, { key: freeKey(userId), windowStart: day.start }));
  return {
    freeLimit,
    freeUsed,
    freeLeft: freeLimit - freeUsed,
    member,
    price: await rateOf(db, rateKey.video),
    resetsAt: day.next.toISOString(),
  };
}

/**
 * Takes one of today's free videos inside the caller's transaction (one conditional statement:
 * concurrent submits never overdraw). `cfg` is read before the transaction (a first read of the
 * settings queries the database outside it). Null: none left today.
 */
export async function takeFreeVideo(rt: Runtime, tx: Db, userId: number, cfg: FreeVideos, now = Date.now()) {
  await lockUser(tx, userId);
  const limit = (await isMember(tx, userId, now)) ? cfg.VIDEO_MEMBER_FREE_DAILY : cfg.VIDEO_FREE_DAILY;
  const { start } = dayOf(rt, now);
  const taken = await takeFromCounter(tx, { key: freeKey(userId), windowStart: start }, limit);
  return taken === null ? null : { charge: 'free', chargeDay: start };
}

/** Gives a failed video's free count back; its credit hold, if any, is released by endTaskHold. */
export async function refundVideo(tx: Db, v: Pick<Video, 'userId' | 'charge' | 'chargeDay'>): Promise<void> {
  if (v.charge === 'free' && v.chargeDay)
    await giveBackToCounter(tx, { key: freeKey(v.userId), windowStart: v.chargeDay });
}
