/** Invites and referral commission (docs/referral.md): rules both sides read. */

/** An invite code: 8 characters of an alphabet without look-alikes. */
export const INVITE_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;
/** The query parameter an invite link carries (`/?invite=CODE`), kept by the browser until sign-up. */
export const INVITE_PARAM = 'invite';

/** How a withdrawal is paid out, by hand, outside the site. */
export const PAYOUT_METHODS = ['alipay', 'wechat', 'bank'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Largest single withdrawal, in fen (an int4 holds the sums comfortably). */
export const WITHDRAW_MAX_FEN = 100_000_000;
/** Basis points in a whole. */
export const BP_WHOLE = 10_000;
