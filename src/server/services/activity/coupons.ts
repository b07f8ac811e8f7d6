import { and, desc, eq, sql } from 'drizzle-orm';
import { ActivityCode, DAILY_COUPON_ID } from '../../../shared/activity-codes';
import { Code } from '../../../shared/codes';
import type { UserCoupon } from '../../../shared/contract/activity';
import { atHour, dayKey, startOfDay } from '../../../shared/site-time';
import type { ActivitySettings } from '../../config/activity';
import type { Db } from '../../db/client';
import { prepared } from '../../db/queries/prepared';
import { couponClaims, couponDays, experienceCodes } from '../../db/schema';
import { lockUser, transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import { grantTrialUntil, newExperienceCode, trialEnd } from './experience-codes';

/** The claim window of the site-local day holding `now`. */
export interface CouponWindow {
  day: string;
  /** Epoch ms the day's claim opens (COUPON_OPEN_HOUR, site time zone). */
  opensAt: number;
  /** Epoch ms of the next local midnight, when a new day (and pool) begins. */
  closesAt: number;
  open: boolean;
}

export function couponWindow(settings: ActivitySettings, now: number): CouponWindow {
  const tz = settings.SITE_TIME_ZONE;
  const opensAt = atHour(now, tz, settings.COUPON_OPEN_HOUR);
  return { day: dayKey(now, tz), opensAt, closesAt: startOfDay(now, tz, 1), open: now >= opensAt };
}

function assertCoupon(couponId: number) {
  if (couponId !== DAILY_COUPON_ID) throw new DomainError(Code.NOT_FOUND, 'activity:coupon.notFound', { status: 404 });
}

// A day's pool only fills up (a claim adds one, a rolled-back claim takes its own back, nothing
// else changes it): once gone for a day and a limit, it stays gone, and this process stops asking.
const goneByDb = new WeakMap<Db, { day: string; keys: Set<string> }>();

/** Codes left in today's pool. */
export async function leftToday(db: Db, settings: ActivitySettings, couponId: number, now: number) {
  assertCoupon(couponId);
  const { day } = couponWindow(settings, now);
  const key = `${couponId}:${settings.COUPON_DAILY_LIMIT}`;
  const gone = goneByDb.get(db);
  if (gone?.day === day && gone.keys.has(key)) return 0;
  const claimed = prepared(db, 'coupon_day_claimed', (db, name) =>
    db
      .select({ claimed: couponDays.claimed })
      .from(couponDays)
      .where(and(eq(couponDays.couponId, sql.placeholder('couponId')), eq(couponDays.day, sql.placeholder('day'))))
      .prepare(name),
  );
  const [row] = await claimed.execute({ couponId, day });
  const left = Math.max(0, settings.COUPON_DAILY_LIMIT - (row?.claimed ?? 0));
  if (left === 0) {
    if (gone?.day === day) gone.keys.add(key);
    else goneByDb.set(db, { day, keys: new Set([key]) });
  }
  return left;
}

async function userCoupons(db: Db, userId: number, couponId: number): Promise<UserCoupon[]> {
  const claims = prepared(db, 'coupon_user_claims', (db, name) =>
    db
      .select({
        day: couponClaims.day,
        claimedAt: couponClaims.claimedAt,
        code: experienceCodes.code,
        validUntil: experienceCodes.validUntil,
      })
      .from(couponClaims)
      .innerJoin(experienceCodes, eq(experienceCodes.id, couponClaims.codeId))
      .where(
        and(eq(couponClaims.userId, sql.placeholder('userId')), eq(couponClaims.couponId, sql.placeholder('couponId'))),
      )
      .orderBy(desc(couponClaims.claimedAt))
      .limit(10)
      .prepare(name),
  );
  const rows = await claims.execute({ userId, couponId });
  return rows.map((r) => ({
    couponId,
    code: r.code,
    day: r.day,
    claimedAt: r.claimedAt.toISOString(),
    validUntil: r.validUntil?.toISOString() ?? null,
  }));
}

/** Coupon list response, plus the server clock and window the countdown needs (docs/api.md). */
export async function listCoupons(
  db: Db,
  settings: ActivitySettings,
  couponId: number,
  userId: number | null,
  now: number,
) {
  const window = couponWindow(settings, now);
  const leftDailyLimit = await leftToday(db, settings, couponId, now);
  const lstAiUserCoupon = userId === null ? [] : await userCoupons(db, userId, couponId);
  return {
    lstAiUserCoupon,
    isDraw: lstAiUserCoupon.some((c) => c.day === window.day),
    leftDailyLimit,
    dailyLimit: settings.COUPON_DAILY_LIMIT,
    serverTime: now,
    opensAt: window.opensAt,
    closesAt: window.closesAt,
    open: window.open,
  };
}

/**
 * Claims today's experience code for the caller and credits a membership
 * valid until the end of today. Atomic under a rush: the day's counter row is
 * incremented only while below the limit, and the claim's unique index
 * allows one per user and day — a refused claim rolls both back.
 */
export async function claimCoupon(db: Db, settings: ActivitySettings, couponId: number, userId: number, now: number) {
  assertCoupon(couponId);
  const window = couponWindow(settings, now);
  if (!window.open) {
    const time = `${String(settings.COUPON_OPEN_HOUR).padStart(2, '0')}:00`;
    throw new DomainError(ActivityCode.COUPON_NOT_OPEN, 'activity:coupon.notOpen', { params: { time } });
  }
  const claimedToday = async () => (await userCoupons(db, userId, couponId)).find((c) => c.day === window.day) ?? null;
  const already = await claimedToday();
  if (already) throw new DomainError(ActivityCode.COUPON_CLAIMED, 'activity:coupon.already', { data: already });
  const limit = settings.COUPON_DAILY_LIMIT;
  // The pool only fills up within a day: once it is gone, a rush of late clicks is refused on a read,
  // without a transaction and the user's row lock each (the counter below still settles the last codes).
  if ((await leftToday(db, settings, couponId, now)) <= 0)
    throw new DomainError(ActivityCode.COUPON_SOLD_OUT, 'activity:coupon.late');
  const at = new Date(now);
  try {
    return await transaction(db, async (tx) => {
      // The user row before the day's counter, as every transaction that changes a user locks it first.
      const user = await lockUser(tx, userId);
      const [counter] = await tx
        .insert(couponDays)
        .values({ couponId, day: window.day, claimed: 1 })
        .onConflictDoUpdate({
          target: [couponDays.couponId, couponDays.day],
          set: { claimed: sql`${couponDays.claimed} + 1` },
          setWhere: sql`${couponDays.claimed} < ${limit}`,
        })
        .returning({ claimed: couponDays.claimed });
      if (!counter) throw new DomainError(ActivityCode.COUPON_SOLD_OUT, 'activity:coupon.late');
      const until = trialEnd(at, 1, settings.SITE_TIME_ZONE);
      // The membership first, so the code is written once, already redeemed (a lost claim below rolls both back).
      const validUntil = await grantTrialUntil(tx, userId, until, settings.COUPON_TRIAL_LEVEL, at, user);
      const [code] = await tx
        .insert(experienceCodes)
        .values({
          code: newExperienceCode(),
          source: 'daily',
          trialDays: 1,
          expiresAt: until,
          redeemedBy: userId,
          redeemedAt: at,
          validUntil,
        })
        .returning();
      if (!code) throw new Error('experience code insert returned nothing');
      const [claim] = await tx
        .insert(couponClaims)
        .values({ couponId, userId, day: window.day, codeId: code.id, claimedAt: at })
        .onConflictDoNothing()
        .returning({ id: couponClaims.id });
      if (!claim) throw new DomainError(ActivityCode.COUPON_CLAIMED, 'activity:coupon.already');
      const coupon: UserCoupon = {
        couponId,
        code: code.code,
        day: window.day,
        claimedAt: at.toISOString(),
        validUntil: validUntil.toISOString(),
      };
      return { coupon, leftDailyLimit: Math.max(0, limit - counter.claimed) };
    });
  } catch (err) {
    // A second click of the same user lost the race: answer with the claim that won.
    if (err instanceof DomainError && err.code === ActivityCode.COUPON_CLAIMED) {
      throw new DomainError(ActivityCode.COUPON_CLAIMED, 'activity:coupon.already', { data: await claimedToday() });
    }
    throw err;
  }
}
