import { eq } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { ChatQuota } from '../../../shared/contract/chat';
import type { Db } from '../../db/client';
import { giveBackToCounter, readCounter, takeFromCounter } from '../../db/queries/rate-limits';
import { countUsage } from '../../db/queries/usage';
import { users } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { checkTokenQuota } from '../ledger/token-quota';
import { siteSettings } from '../site-settings';

const DAY = 86_400_000;
/** Free messages reset at midnight China time (UTC+8), not UTC. */
const SHIFT = 8 * 3_600_000;

export interface Caller {
  userId: number | null;
  ip: string;
}

/** The reply shape lives in the shared contract; stream.ts sends it in the `meta` event. */
export type { ChatQuota };

const windowStart = (now: number) => new Date(Math.floor((now + SHIFT) / DAY) * DAY);
const counterOf = (who: Caller, now: number) => ({
  key: who.userId !== null ? `chat:user:${who.userId}` : `chat:ip:${who.ip}`,
  windowStart: windowStart(now),
});

export async function membership(db: Db, userId: number | null, now: Date) {
  if (userId === null) return { member: false, endDate: null };
  const [row] = await db.select({ vip: users.vipType, end: users.endDate }).from(users).where(eq(users.id, userId));
  const member = row?.vip != null && row.end !== null && row.end > now;
  return { member, endDate: member && row?.end ? row.end.toISOString() : null };
}

async function limitFor(rt: Runtime, who: Caller, member: boolean): Promise<number | null> {
  const cfg = await siteSettings(rt);
  if (member) return cfg.CHAT_MEMBER_DAILY === 0 ? null : cfg.CHAT_MEMBER_DAILY;
  return who.userId !== null ? cfg.CHAT_FREE_USER_DAILY : cfg.CHAT_FREE_VISITOR_DAILY;
}

/** Today's allowance of the caller, without using any of it. */
export async function readQuota(rt: Runtime, who: Caller, now = Date.now()): Promise<ChatQuota> {
  const { db } = rt.database;
  const { member, endDate } = await membership(db, who.userId, new Date(now));
  const limit = await limitFor(rt, who, member);
  const used = await readCounter(db, counterOf(who, now));
  const resetsAt = new Date(windowStart(now).getTime() + DAY - SHIFT).toISOString();
  return { limit, used, remaining: limit === null ? null : Math.max(0, limit - used), member, endDate, resetsAt };
}

/**
 * Uses one message of today's allowance, or answers 429 with a link to the
 * membership page. The increment is conditional, so parallel requests for
 * the last messages cannot push the count past the limit.
 */
export async function takeQuota(rt: Runtime, who: Caller, now = Date.now()): Promise<ChatQuota> {
  const quota = await readQuota(rt, who, now);
  if (quota.limit !== null && quota.used >= quota.limit) throw exhausted(quota);
  await checkTokenQuota(rt, who, quota.member ? 'member' : who.userId !== null ? 'user' : 'visitor', now);
  const used = await takeFromCounter(rt.database.db, counterOf(who, now), quota.limit);
  if (used === null) throw exhausted({ ...quota, used: quota.limit ?? quota.used, remaining: 0 });
  // The counters above last two days; the console's dashboard counts messages per hour for longer.
  await countUsage(rt.database.db, 'chat', 1, now);
  return { ...quota, used, remaining: quota.limit === null ? null : Math.max(0, quota.limit - used) };
}

/** Gives a message back when the model failed before answering anything. */
export async function refundQuota(rt: Runtime, who: Caller, now = Date.now()): Promise<void> {
  await giveBackToCounter(rt.database.db, counterOf(who, now));
  await countUsage(rt.database.db, 'chat', -1, now);
}

function exhausted(quota: ChatQuota) {
  const key = quota.member
    ? 'chat:quota.memberExhausted'
    : quota.limit === 0
      ? 'chat:quota.none'
      : 'chat:quota.exhausted';
  return new DomainError(Code.TOO_MANY_REQUESTS, key, {
    status: 429,
    params: { limit: quota.limit ?? 0 },
    data: { quota, link: '/product' },
  });
}
