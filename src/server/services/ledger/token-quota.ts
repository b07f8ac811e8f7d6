import { sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { MemberLevel } from '../../../shared/contract/channels';
import { addToCounter, readCounter } from '../../db/queries/rate-limits';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { siteSettings } from '../site-settings';

const DAY = 86_400_000;
/** Daily allowances reset at midnight China time (UTC+8), not UTC. */
const SHIFT = 8 * 3_600_000;

/** Start of the allowance day that holds `now`. */
export const quotaDayStart = (now: number) => new Date(Math.floor((now + SHIFT) / DAY) * DAY - SHIFT);

// Visitors leave no user id in the ledger: their tokens are also added to a counter per address.
const visitorCounter = (ip: string, now: number) => ({ key: `chat-tokens:ip:${ip}`, windowStart: quotaDayStart(now) });

export async function addVisitorTokens(rt: Runtime, ip: string, tokens: number, now = Date.now()) {
  await addToCounter(rt.database.db, visitorCounter(ip, now), tokens);
}

/** Input plus output tokens of today's model answers (demo answers cost nothing and are left out). */
export async function tokensToday(rt: Runtime, who: { userId: number | null; ip: string }, now = Date.now()) {
  if (who.userId === null) return readCounter(rt.database.db, visitorCounter(who.ip, now));
  const since = quotaDayStart(now).toISOString();
  const res = (await rt.database.db.execute(
    sql`select coalesce(sum(input_tokens + output_tokens), 0) as n from usage_ledger
      where user_id = ${who.userId} and created_at >= ${since}::timestamptz
        and kind = 'chat' and provider <> 'offline'`,
  )) as unknown as { rows: { n: unknown }[] };
  return Number(res.rows[0]?.n ?? 0);
}

/** The day's token allowance of a member level; null is unlimited (setting 0). */
export async function tokenLimit(rt: Runtime, level: MemberLevel): Promise<number | null> {
  const s = await siteSettings(rt);
  const n =
    level === 'member'
      ? s.CHAT_TOKENS_MEMBER_DAILY
      : level === 'user'
        ? s.CHAT_TOKENS_USER_DAILY
        : s.CHAT_TOKENS_VISITOR_DAILY;
  return n === 0 ? null : n;
}

/**
 * Refuses an answer (429, with the membership link) once today's tokens reached the level's
 * allowance. Checked before answering: the answer that crosses the line is still given in full.
 */
export async function checkTokenQuota(
  rt: Runtime,
  who: { userId: number | null; ip: string },
  level: MemberLevel,
  now = Date.now(),
): Promise<void> {
  const limit = await tokenLimit(rt, level);
  if (limit === null) return;
  const used = await tokensToday(rt, who, now);
  if (used < limit) return;
  throw new DomainError(Code.TOO_MANY_REQUESTS, level === 'member' ? 'chat:quota.memberTokens' : 'chat:quota.tokens', {
    status: 429,
    params: { limit },
    data: { tokens: { limit, used }, link: '/product' },
  });
}
