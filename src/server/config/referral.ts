import { z } from 'zod';

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/**
 * Invites and referral commission (docs/referral.md): the environment's
 * defaults of the console's referral settings, spread into config/env.ts.
 */
export const referralEnvShape = {
  /** Membership days the inviter gets when an invitee pays a first order (0: none). */
  REFERRAL_INVITER_DAYS: int(0, 366, 0),
  /** Membership days the invitee gets with that first paid order (0: none). */
  REFERRAL_INVITEE_DAYS: int(0, 366, 0),
  /** Credits the inviter gets on a conversion (0: none); with the days or instead of them. */
  REFERRAL_INVITER_CREDITS: int(0, 1_000_000, 0),
  /** Credits the invitee gets with that first paid order (0: none). */
  REFERRAL_INVITEE_CREDITS: int(0, 1_000_000, 0),
  /** Invites one inviter is rewarded for per day (site time zone); later conversions earn no days. */
  REFERRAL_DAILY_CAP: int(0, 10_000, 10),
  /** Commission on a direct invitee's paid orders, in basis points (1000 = 10%). */
  REFERRAL_LEVEL1_BP: int(0, 5000, 0),
  /** Commission on the invitees of one's invitees, in basis points (0: one level only). */
  REFERRAL_LEVEL2_BP: int(0, 5000, 0),
  /** Days commission stays held (the refund window) before it can be withdrawn. */
  REFERRAL_HOLD_DAYS: int(0, 365, 7),
  /** Smallest withdrawal, in fen. */
  REFERRAL_WITHDRAW_MIN_FEN: int(1, 100_000_000, 1000),
};
