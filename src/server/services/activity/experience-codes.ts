import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { ActivityCode } from '../../../shared/activity-codes';
import { Code } from '../../../shared/codes';
import { endOfDay } from '../../../shared/site-time';
import type { ActivitySettings } from '../../config/activity';
import type { Db } from '../../db/client';
import { hit } from '../../db/queries/rate-limits';
import { experienceCodes, users } from '../../db/schema';
import { lockUser, transaction } from '../../db/transaction';
import { DomainError } from '../../errors';

// No 0/O, 1/I/L: codes are read off a phone screen and typed in.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 10;

/** A fresh random experience code (31^10 ≈ 8·10^14 possibilities). */
export function newExperienceCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** What people type: any case, with spaces or dashes between groups. */
export function normalizeCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * Membership until `until` inside the caller's transaction: an active
 * membership ending later is left alone (never shortened), an earlier one is
 * extended, none starts now. The level never drops.
 */
export async function grantTrialUntil(tx: Db, userId: number, until: Date, level: number, now: Date) {
  const user = await lockUser(tx, userId);
  if (!user) throw new DomainError(Code.UNAUTHORIZED, 'account:login.expired', { status: 401 });
  const active = user.endDate !== null && user.endDate > now && user.vipType !== null;
  if (active && user.endDate && user.endDate >= until) return user.endDate;
  await tx
    .update(users)
    .set({
      vipType: Math.max(level, active ? (user.vipType ?? 0) : 0),
      startDate: active ? user.startDate : now,
      endDate: until,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  return until;
}

/** End of a trial of `days` days starting at `now`: the end of its last local day. */
export function trialEnd(now: Date, days: number, timeZone: string): Date {
  return new Date(endOfDay(now.getTime(), timeZone, days - 1));
}

/**
 * Redeems an experience code for the caller: once, before it expires. The
 * conditional update settles two people racing for one code.
 */
export async function redeemCode(db: Db, userId: number, input: string, settings: ActivitySettings, now: Date) {
  // Guessing codes would take ages at this rate.
  const limit = await hit(db, `redeem:user:${userId}`, { limit: 10, windowMs: 10 * 60_000 }, now.getTime());
  if (!limit.allowed) throw new DomainError(Code.TOO_MANY_REQUESTS, 'activity:redeem.tooMany', { status: 429 });
  const code = normalizeCode(input);
  return transaction(db, async (tx) => {
    // The user row first: the code's update below takes a key-share lock on it (redeemedBy).
    await lockUser(tx, userId);
    const [row] = await tx
      .update(experienceCodes)
      .set({ redeemedBy: userId, redeemedAt: now })
      .where(
        and(eq(experienceCodes.code, code), isNull(experienceCodes.redeemedBy), gt(experienceCodes.expiresAt, now)),
      )
      .returning();
    if (!row) {
      const [found] = await tx.select().from(experienceCodes).where(eq(experienceCodes.code, code));
      if (!found) throw new DomainError(ActivityCode.CODE_UNKNOWN, 'activity:redeem.unknown');
      if (found.redeemedBy !== null) throw new DomainError(ActivityCode.CODE_USED, 'activity:redeem.used');
      throw new DomainError(ActivityCode.CODE_EXPIRED, 'activity:redeem.expired');
    }
    const until = trialEnd(now, row.trialDays, settings.SITE_TIME_ZONE);
    const validUntil = await grantTrialUntil(tx, userId, until, settings.COUPON_TRIAL_LEVEL, now);
    await tx.update(experienceCodes).set({ validUntil }).where(eq(experienceCodes.id, row.id));
    return { code: row.code, trialDays: row.trialDays, validUntil: validUntil.toISOString() };
  });
}

export interface IssueOptions {
  count: number;
  /** Label of where the codes are handed out: group, official … */
  source: string;
  trialDays: number;
  /** Days the codes can be redeemed in, from now. */
  validDays: number;
}

/** Makes `count` unredeemed codes for handing out elsewhere; returns them. */
export async function issueCodes(db: Db, opts: IssueOptions, now = new Date()): Promise<string[]> {
  const expiresAt = new Date(now.getTime() + opts.validDays * 86_400_000);
  const codes: string[] = [];
  while (codes.length < opts.count) {
    const batch = Array.from({ length: Math.min(500, opts.count - codes.length) }, () => newExperienceCode());
    const rows = await db
      .insert(experienceCodes)
      .values(batch.map((code) => ({ code, source: opts.source, trialDays: opts.trialDays, expiresAt })))
      .onConflictDoNothing()
      .returning({ code: experienceCodes.code });
    codes.push(...rows.map((r) => r.code));
  }
  return codes;
}
