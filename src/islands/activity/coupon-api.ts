import { get, post } from '../../lib/api';
import { DAILY_COUPON_ID } from '../../shared/activity-codes';

/** One claim of the daily coupon (GET /api/coupon/draw/list/48 → lstAiUserCoupon). */
export interface UserCoupon {
  couponId: number;
  code: string;
  day: string;
  claimedAt: string;
  validUntil: string | null;
}

/** Coupon list response with the server's clock and claim window (epoch ms; docs/api.md). */
export interface CouponList {
  lstAiUserCoupon: UserCoupon[];
  isDraw: boolean;
  leftDailyLimit: number;
  dailyLimit: number;
  serverTime: number;
  opensAt: number;
  closesAt: number;
  open: boolean;
}

export interface ClaimData {
  coupon: UserCoupon;
  leftDailyLimit: number;
}

export interface RedeemData {
  code: string;
  trialDays: number;
  validUntil: string;
}

export const fetchCouponList = () => get(`/coupon/draw/list/${DAILY_COUPON_ID}`, undefined, { silent: true });
export const claimCoupon = () => get(`/coupon/draw/${DAILY_COUPON_ID}`);
/** Silent: the redeem dialog shows every failure inline, once (no toast besides). */
export const redeemCode = (code: string) => post('/coupon/redeem', { code }, { silent: true });

/** Shows a code in groups of four, as people read it aloud or type it. */
export function groupCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}
