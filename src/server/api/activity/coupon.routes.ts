import { createRoute, z } from '@hono/zod-openapi';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';
import { id, text } from '../validation';

const tags = ['coupon'];
const params = z.object({
  couponId: id().openapi({ param: { name: 'couponId', in: 'path' }, example: 48 }),
});

export const userCoupon = z
  .object({
    couponId: z.number().int(),
    code: z.string().openapi({ description: 'the experience code, already redeemed by its claimer' }),
    day: z.string().openapi({ description: 'YYYY-MM-DD in the site time zone' }),
    claimedAt: z.string(),
    validUntil: z.string().nullable().openapi({ description: 'end of the membership the claim credited' }),
  })
  .openapi('UserCoupon');

const couponList = z
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

const claimCodes = {
  1000000: 'claimed: a membership valid until the end of today is credited',
  1000001: 'not logged in',
  1000801: 'not open yet (before the opening hour)',
  1000802: "today's codes are all claimed",
  1000803: 'already claimed today (data is that claim)',
  404: 'no such coupon (HTTP 404)',
};

export const claim = createRoute({
  security: access.login,
  method: 'get',
  path: '/coupon/draw/{couponId}',
  tags,
  summary: "Claim today's experience code (one per user and day, at most the daily limit)",
  request: { params },
  responses: jsonResponses(z.object({ coupon: userCoupon, leftDailyLimit: z.number().int() }), claimCodes),
});

export const left = createRoute({
  security: access.public,
  method: 'get',
  path: '/coupon/draw/left/{couponId}',
  tags,
  summary: "Codes left in today's pool",
  request: { params },
  responses: jsonResponses(z.object({ leftDailyLimit: z.number().int() }), { 404: 'no such coupon (HTTP 404)' }),
});

export const list = createRoute({
  security: access.optionalLogin,
  method: 'get',
  path: '/coupon/draw/list/{couponId}',
  tags,
  summary: "The caller's claims, whether they claimed today, codes left, and the claim window",
  request: { params },
  responses: jsonResponses(couponList, { 404: 'no such coupon (HTTP 404)' }),
});

export const redeem = createRoute({
  security: access.login,
  method: 'post',
  path: '/coupon/redeem',
  tags,
  summary: 'Redeem an experience code handed out elsewhere for a membership trial',
  request: { body: jsonBody(z.object({ code: text(40, 1) })) },
  responses: jsonResponses(z.object({ code: z.string(), trialDays: z.number().int(), validUntil: z.string() }), {
    1000000: 'redeemed: the membership trial is credited',
    1000001: 'not logged in',
    1000811: 'unknown code',
    1000812: 'expired code',
    1000813: 'code already used',
  }),
});
