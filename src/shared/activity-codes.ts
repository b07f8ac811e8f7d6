/**
 * Reply codes of the daily coupon and experience codes (issue 8), beside the
 * shared catalogue in codes.ts. Success is Code.SUCCESS (1000000); not logged
 * in is Code.NOT_LOGGED_IN (1000001); everything else carries its text.
 */
export const ActivityCode = {
  /** The day's claim has not opened yet (before COUPON_OPEN_HOUR). */
  COUPON_NOT_OPEN: 1000801,
  /** Today's codes are all gone: 'you are late'. */
  COUPON_SOLD_OUT: 1000802,
  /** The caller already claimed today; data is that claim. */
  COUPON_CLAIMED: 1000803,
  /** No such experience code. */
  CODE_UNKNOWN: 1000811,
  /** The code's redemption period is over. */
  CODE_EXPIRED: 1000812,
  /** The code was redeemed already. */
  CODE_USED: 1000813,
} as const;

/** The one daily coupon of docs/validation-and-limits.md. */
export const DAILY_COUPON_ID = 48;
/** The site-wide announcement of docs/api.md. */
export const ANNOUNCEMENT_NOTICE_ID = 6;
