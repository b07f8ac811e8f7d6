import { createRoute } from '@hono/zod-openapi';
import { applied, periodQuery } from '../../../shared/contract/admin';
import { idParam as userParam } from '../../../shared/contract/common';
import {
  CheckInResult,
  CreditBalance,
  CreditHistory,
  CreditPriceSheet,
  CreditRefundPreview,
  CreditSummary,
  creditAdjustBody,
  creditHistoryQuery,
  creditPricesBody,
  creditRefundQuery,
} from '../../../shared/contract/credits';
import { orderNoField } from '../../../shared/contract/shop';
import { access } from '../access';
import { consoleRoute } from '../admin/console-kit';
import { jsonBody, jsonResponses, reachCodes, targetsAccount } from '../route-kit';

// Credits (积分, docs/credits.md): the user's balance, history and check-in; the console's prices,
// adjustments and figures.
const tags = ['credits'];

export const balance = createRoute({
  security: access.login,
  method: 'get',
  path: '/credits',
  tags,
  summary: "The caller's credit balance, what running calls hold, and today's check-in",
  responses: jsonResponses(CreditBalance, { 1000001: 'not logged in' }),
});

export const history = createRoute({
  security: access.login,
  method: 'get',
  path: '/credits/history',
  tags,
  summary: "The caller's credit movements, newest first, one page",
  request: { query: creditHistoryQuery },
  responses: jsonResponses(CreditHistory, { 1000001: 'not logged in' }),
});

export const checkIn = createRoute({
  security: access.login,
  method: 'post',
  path: '/credits/check-in',
  tags,
  summary: "Checks in for today (site time zone), once: the streak's reward is granted",
  responses: jsonResponses(CheckInResult, { 1000001: 'not logged in' }),
});

export const prices = consoleRoute('get', '/admin/credits/prices', CreditPriceSheet, {
  summary:
    'Credit prices (chat per model, drawing per engine and quality, song, embedding, search) and check-in rewards',
});

export const savePrices = consoleRoute('post', '/admin/credits/prices', applied, {
  summary: 'Replaces the credit prices and check-in rewards (admin only)',
  request: { body: jsonBody(creditPricesBody) },
});

export const summary = consoleRoute('get', '/admin/credits/summary', CreditSummary, {
  summary: 'Credits issued by reason and spent by kind in the last 1, 7 or 30 site days or from..to; check-ins today',
  request: { query: periodQuery },
  more: { 400: 'a reversed range, or longer than 366 days' },
});

export const adjust = consoleRoute('post', '/admin/users/{id}/credits', applied, {
  ...targetsAccount,
  summary: "Adds (or, negative, takes) a user's credits, with a reason (admin only; asks for a fresh TOTP code)",
  request: { params: userParam, body: jsonBody(creditAdjustBody) },
  more: { ...reachCodes, 1001602: 'TOTP code needed again', 429: 'taking more than the user has free' },
});

export const refundPreview = consoleRoute('get', '/admin/credits/orders/{orderNo}/refund', CreditRefundPreview, {
  summary: 'What refunding an amount of the order would take back of its credit pack, and how much is already spent',
  request: { params: orderNoField, query: creditRefundQuery },
});
