import { get, post } from '../../lib/api';
import { DAILY_COUPON_ID } from '../../shared/activity-codes';

export type { CouponClaim, CouponList, Redeemed, UserCoupon } from '../../shared/contract/activity';

export const fetchCouponList = () => get(`/coupon/draw/list/${DAILY_COUPON_ID}`, undefined, { silent: true });
export const claimCoupon = () => get(`/coupon/draw/${DAILY_COUPON_ID}`);
/** Silent: the redeem dialog shows every failure inline, once (no toast besides). */
export const redeemCode = (code: string) => post('/coupon/redeem', { code }, { silent: true });

/** Shows a code in groups of four, as people read it aloud or type it. */
export function groupCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}
