import { z } from '@hono/zod-openapi';
import { id, text } from './input';

/** Requests and replies of the activity API (src/server/api/activity): the daily coupon, notices. */

/** The path of the daily coupon's routes. */
export const couponParam = z.object({
  couponId: id().openapi({ param: { name: 'couponId', in: 'path' }, example: 48 }),
});
/** POST /api/coupon/redeem: an experience code handed out elsewhere. */
export const redeemBody = z.object({ code: text(40, 1) });
/** The query of /api/notice/load and /push. */
export const noticeQuery = z.object({ noticeId: id() });
/** The query of /api/notice/mine/read: one of the caller's own notices. */
export const userNoticeQuery = z.object({ id: id() });

/** One claim of the daily coupon. */
export const userCoupon = z
  .object({
    couponId: z.number().int(),
    code: z.string().openapi({ description: 'the experience code, already redeemed by its claimer' }),
    day: z.string().openapi({ description: 'YYYY-MM-DD in the site time zone' }),
    claimedAt: z.string(),
    validUntil: z.string().nullable().openapi({ description: 'end of the membership the claim credited' }),
  })
  .openapi('UserCoupon');
/** Also the data of the refusal 1000803 (already claimed today): that claim. */
export type UserCoupon = z.infer<typeof userCoupon>;

/** The caller's claims with the server's clock and the claim window (epoch ms). */
export const couponList = z
  .object({
    lstAiUserCoupon: z.array(userCoupon).openapi({ description: "the caller's claims, newest first (at most 10)" }),
    isDraw: z.boolean().openapi({ description: 'the caller claimed today' }),
    leftDailyLimit: z.number().int(),
    dailyLimit: z.number().int(),
    serverTime: z.number().int().openapi({ description: 'server clock, epoch ms' }),
    opensAt: z.number().int().openapi({ description: "today's opening, epoch ms" }),
    closesAt: z.number().int().openapi({ description: 'next local midnight, epoch ms' }),
    open: z.boolean(),
  })
  .openapi('CouponList');
export type CouponList = z.infer<typeof couponList>;

/** A claim just made (business success 1000000). */
export const couponClaim = z.object({ coupon: userCoupon, leftDailyLimit: z.number().int() });
export type CouponClaim = z.infer<typeof couponClaim>;

export const couponLeft = z.object({ leftDailyLimit: z.number().int() });

/** A code redeemed for a membership trial (business success 1000000). */
export const redeemed = z.object({ code: z.string(), trialDays: z.number().int(), validUntil: z.string() });
export type Redeemed = z.infer<typeof redeemed>;

/** A notice to show (announcement or banner), in the request language. */
export const notice = z
  .object({
    noticeId: z.number().int(),
    kind: z.string().openapi({ description: 'announcement or banner' }),
    page: z.string().nullable(),
    content: z.string().openapi({ description: 'in the request language' }),
    revision: z.number().int().openapi({ description: 'changes when the text changes' }),
  })
  .openapi('Notice');
export type Notice = z.infer<typeof notice>;

/** The announcements to show the caller now. */
export const notices = z.array(notice);

export const noticeRead = z.object({ noticeId: z.number().int(), revision: z.number().int().nullable() });

/** One notice addressed to the caller alone (a late payment honoured …). */
export const userNotice = z.object({ id: z.number().int(), content: z.string(), createdAt: z.string() });
export type UserNotice = z.infer<typeof userNotice>;
export const userNotices = z.array(userNotice).openapi('UserNotices');
/** A user notice marked read. */
export const userNoticeRead = z.object({ id: z.number().int() });
