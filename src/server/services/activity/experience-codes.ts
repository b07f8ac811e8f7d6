import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { ActivityCode } from '../../../shared/activity-codes';
import { Code } from '../../../shared/codes';
import { endOfDay } from '../../../shared/site-time';
import type { ActivitySettings } from '../../config/activity';
import type { Db } from '../../db/client';
import { hit } from '../../db/queries/rate-limits';
import { codeBatches, experienceCodes, type User, users } from '../../db/schema';
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
export async function grantTrialUntil(tx: Db, userId: number, until: Date, level: number, now: Date, locked?: User) {
  // A caller that locked the user already may hand over that row (one round trip less).
  const user = locked?.id === userId ? locked : await lockUser(tx, userId);
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
        and(
          eq(experienceCodes.code, code),
          isNull(experienceCodes.redeemedBy),
          isNull(experienceCodes.disabledAt),
          gt(experienceCodes.expiresAt, now),
        ),
      )
      .returning();
    if (!row) {
      const [found] = await tx.select().from(experienceCodes).where(eq(experienceCodes.code, code));
      if (!found) throw new DomainError(ActivityCode.CODE_UNKNOWN, 'activity:redeem.unknown');
      if (found.redeemedBy !== null) throw new DomainError(ActivityCode.CODE_USED, 'activity:redeem.used');
      if (found.disabledAt !== null) throw new DomainError(ActivityCode.CODE_EXPIRED, 'activity:redeem.disabled');
      throw new DomainError(ActivityCode.CODE_EXPIRED, 'activity:redeem.expired');
    }
    const until = trialEnd(now, row.trialDays, settings.SITE_TIME_ZONE);
    const level = row.trialLevel ?? settings.COUPON_TRIAL_LEVEL;
    const validUntil = await grantTrialUntil(tx, userId, until, level, now);
    await tx.update(experienceCodes).set({ validUntil }).where(eq(experienceCodes.id, row.id));
    return { code: row.code, trialDays: row.trialDays, validUntil: validUntil.toISOString() };
  });
}

export interface IssueOptions {
  count: number;
  /** Label of where the codes are handed out: group, official … */
  source: string;
  trialDays: number;
  /** Membership level a redemption grants; unset = COUPON_TRIAL_LEVEL. */
  trialLevel?: number | null;
  /** Days the codes can be redeemed in, from now. */
  validDays: number;
  /** The console account that made the batch (none from the CLI). */
  createdBy?: number;
}

/**
 * Makes a batch of `count` unredeemed codes (random from the CSPRNG, unique by
 * the code index: a rare collision is drawn again) in the caller's
 * transaction, so a batch exists whole or not at all.
 */
export async function insertBatch(tx: Db, opts: IssueOptions, now: Date) {
  const expiresAt = new Date(now.getTime() + opts.validDays * 86_400_000);
  const [batch] = await tx
    .insert(codeBatches)
    .values({
      label: opts.source,
      trialDays: opts.trialDays,
      trialLevel: opts.trialLevel ?? null,
      count: opts.count,
      expiresAt,
      createdBy: opts.createdBy,
      createdAt: now,
    })
    .returning();
  if (!batch) throw new Error('batch not inserted');
  const base = { source: opts.source, trialDays: opts.trialDays, trialLevel: batch.trialLevel, expiresAt };
  const codes: string[] = [];
  while (codes.length < opts.count) {
    const fresh = Array.from({ length: Math.min(500, opts.count - codes.length) }, () => newExperienceCode());
    const rows = await tx
      .insert(experienceCodes)
      .values(fresh.map((code) => ({ ...base, code, batchId: batch.id, createdAt: now })))
      .onConflictDoNothing()
      .returning({ code: experienceCodes.code });
    codes.push(...rows.map((r) => r.code));
  }
  return { batch, codes };
}

/** Makes a batch of codes for handing out elsewhere (the CLI); returns them. */
export async function issueCodes(db: Db, opts: IssueOptions, now = new Date()): Promise<string[]> {
  return (await transaction(db, (tx) => insertBatch(tx, opts, now))).codes;
}
