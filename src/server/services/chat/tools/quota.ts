import type { MemberLevel } from '../../../../shared/channels';
import { startOfDay } from '../../../../shared/site-time';
import { activitySettings } from '../../../config/activity';
import { readCounter, takeFromCounter } from '../../../db/queries/rate-limits';
import type { Runtime } from '../../../runtime';
import { siteSettings } from '../../site-settings';
import type { Caller } from '../quota';

const LIMITS = {
  visitor: 'TOOL_CALLS_VISITOR_DAILY',
  user: 'TOOL_CALLS_USER_DAILY',
  member: 'TOOL_CALLS_MEMBER_DAILY',
} as const;

/** Today's counter of one person's tool calls (a visitor's by address), in the site's day. */
function counterOf(rt: Runtime, who: Caller, now: number) {
  const zone = activitySettings(rt.env).SITE_TIME_ZONE;
  return {
    key: who.userId !== null ? `tool:user:${who.userId}` : `tool:ip:${who.ip}`,
    windowStart: new Date(startOfDay(now, zone)),
  };
}

/** The level's calls a day from the console's settings; null is unlimited (0 there). */
async function limitOf(rt: Runtime, level: MemberLevel): Promise<number | null> {
  const n = (await siteSettings(rt))[LIMITS[level]];
  return n === 0 ? null : n;
}

/**
 * Uses one of today's tool calls (docs/chat.md#tools): false when the level's are used up. One
 * conditional statement, so calls racing for the last one cannot both get it.
 */
export async function takeToolCall(rt: Runtime, who: Caller, level: MemberLevel, now = Date.now()): Promise<boolean> {
  const limit = await limitOf(rt, level);
  return (await takeFromCounter(rt.database.db, counterOf(rt, who, now), limit)) !== null;
}

/** Tool calls used today. */
export function toolCallsUsed(rt: Runtime, who: Caller, now = Date.now()): Promise<number> {
  return readCounter(rt.database.db, counterOf(rt, who, now));
}
