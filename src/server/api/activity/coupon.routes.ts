import { createRoute } from '@hono/zod-openapi';
import {
  couponClaim,
  couponLeft,
  couponList,
  couponParam as params,
  redeemBody,
  redeemed,
} from '../../../shared/contract/activity';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';

const tags = ['coupon'];
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
  responses: jsonResponses(couponClaim, claimCodes),
});

export const left = createRoute({
  security: access.public,
  method: 'get',
  path: '/coupon/draw/left/{couponId}',
  tags,
  summary: "Codes left in today's pool",
  request: { params },
  responses: jsonResponses(couponLeft, { 404: 'no such coupon (HTTP 404)' }),
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
  request: { body: jsonBody(redeemBody) },
  responses: jsonResponses(redeemed, {
    1000000: 'redeemed: the membership trial is credited',
    1000001: 'not logged in',
    1000811: 'unknown code',
    1000812: 'expired code',
    1000813: 'code already used',
  }),
});
