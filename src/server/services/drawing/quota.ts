import { eq } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { DrawQuota } from '../../../shared/contract/drawing';
import { startOfDay } from '../../../shared/site-time';
import { activitySettings } from '../../config/activity';
import { giveBackToCounter, readCounter, takeFromCounter } from '../../db/queries/rate-limits';
import { users } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { siteSettings } from '../site-settings';

const keyOf = (userId: number) => `draw:user:${userId}`;

function day(rt: Runtime, now: number) {
  const zone = activitySettings(rt.env).SITE_TIME_ZONE;
  return { start: new Date(startOfDay(now, zone)), next: new Date(startOfDay(now, zone, 1)) };
}

/** Today's drawing allowance of a logged-in user, without using any (docs/routes-and-screens.md: shown near the button). */
export async function readDrawQuota(rt: Runtime, userId: number, now = Date.now()): Promise<DrawQuota> {
  const { db } = rt.database;
  const cfg = await siteSettings(rt);
  const [user] = await db.select({ vip: users.vipType, end: users.endDate }).from(users).where(eq(users.id, userId));
  const member = user?.vip != null && user.end !== null && user.end.getTime() > now;
  const limit = member ? (cfg.DRAW_MEMBER_DAILY === 0 ? null : cfg.DRAW_MEMBER_DAILY) : cfg.DRAW_FREE_DAILY;
  const { start, next } = day(rt, now);
  const used = await readCounter(db, { key: keyOf(userId), windowStart: start });
  return {
    limit,
    used,
    remaining: limit === null ? null : Math.max(0, limit - used),
    member,
    endDate: member && user?.end ? user.end.toISOString() : null,
    resetsAt: next.toISOString(),
  };
}

function exhausted(quota: DrawQuota) {
  return new DomainError(
    Code.TOO_MANY_REQUESTS,
    quota.member ? 'drawing:quota.memberExhausted' : 'drawing:quota.exhausted',
    {
      params: { limit: quota.limit ?? 0 },
      data: { quota, link: '/product' },
    },
  );
}

/** Uses one drawing of today's allowance; a business reply (code 429) when none is left. */
export async function takeDrawQuota(rt: Runtime, userId: number, now = Date.now()): Promise<DrawQuota> {
  const quota = await readDrawQuota(rt, userId, now);
  if (quota.limit !== null && quota.used >= quota.limit) throw exhausted(quota);
  const { start } = day(rt, now);
  const used = await takeFromCounter(rt.database.db, { key: keyOf(userId), windowStart: start }, quota.limit);
  if (used === null) throw exhausted({ ...quota, remaining: 0 });
  return { ...quota, used, remaining: quota.limit === null ? null : Math.max(0, quota.limit - used) };
}

/** Gives a drawing back (the task failed on our side, or never started), on the day it was taken. */
export async function refundDrawQuota(rt: Runtime, userId: number, takenAt: Date): Promise<void> {
  const { start } = day(rt, takenAt.getTime());
  await giveBackToCounter(rt.database.db, { key: keyOf(userId), windowStart: start });
}
