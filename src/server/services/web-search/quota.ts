import { Code } from '../../../shared/codes';
import { giveBackToCounter, readCounter, takeFromCounter } from '../../db/queries/rate-limits';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { type Caller, membership } from '../chat/quota';
import { siteSettings } from '../site-settings';

const DAY = 86_400_000;
/** Searches reset at midnight China time (UTC+8), as chat messages do. */
const SHIFT = 8 * 3_600_000;

const counterOf = (who: Caller, now: number) => ({
  key: who.userId !== null ? `search:user:${who.userId}` : `search:ip:${who.ip}`,
  windowStart: new Date(Math.floor((now + SHIFT) / DAY) * DAY),
});

export interface SearchQuota {
  limit: number;
  used: number;
  member: boolean;
}

/** Today's search allowance of the caller's level (console settings WEB_SEARCH_*_DAILY). */
export async function readSearchQuota(rt: Runtime, who: Caller, now = Date.now()): Promise<SearchQuota> {
  const { member } = await membership(rt.database.db, who.userId, new Date(now));
  const s = await siteSettings(rt);
  const limit = member
    ? s.WEB_SEARCH_MEMBER_DAILY
    : who.userId !== null
      ? s.WEB_SEARCH_FREE_DAILY
      : s.WEB_SEARCH_VISITOR_DAILY;
  return { limit, used: await readCounter(rt.database.db, counterOf(who, now)), member };
}

/**
 * Takes one search of today's allowance or answers 429. One conditional increment, so parallel
 * searches for the last one cannot both pass (db/queries/rate-limits.ts takeFromCounter).
 */
export async function takeSearchQuota(rt: Runtime, who: Caller, now = Date.now()): Promise<SearchQuota> {
  const quota = await readSearchQuota(rt, who, now);
  const used = await takeFromCounter(rt.database.db, counterOf(who, now), quota.limit);
  if (used === null)
    throw new DomainError(
      Code.TOO_MANY_REQUESTS,
      quota.limit === 0 ? 'websearch:quota.none' : 'websearch:quota.exhausted',
      {
        status: 429,
        params: { limit: quota.limit },
      },
    );
  return { ...quota, used };
}

/** Gives a search back when the service failed. */
export function refundSearchQuota(rt: Runtime, who: Caller, now = Date.now()): Promise<void> {
  return giveBackToCounter(rt.database.db, counterOf(who, now));
}
