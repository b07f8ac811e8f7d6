import { createRoute, z } from '@hono/zod-openapi';
import { AdminCode } from '../../../shared/admin';
import {
  ConsoleOrderDetail,
  ConsoleOrderPage,
  ProviderQuery,
  RefundOutcome,
} from '../../../shared/contract/shop-console';
import { ORDER_PAY_PROVIDERS } from '../../../shared/shop';
import { access } from '../access';
import { codes, date, reason, requestId, tags, totpCode } from '../admin/console-kit';
import { jsonBody, jsonResponses, paging, reachCodes, targetsAccount } from '../route-kit';
import { intParam, pattern, text } from '../validation';

// The console's orders and refunds (docs/console.md#orders).
const orderNo = pattern(/^[A-Za-z0-9]{1,40}$/, 40, { trim: true });
const param = z.object({ orderNo });
export const orderQuery = z.object({
  status: intParam(1, 11).optional(),
  from: date.optional(),
  to: date.optional(),
  product: text(40).optional(),
  user: text(200).optional().describe('e-mail (contains) or user id'),
  provider: z.enum(ORDER_PAY_PROVIDERS).optional(),
});

export const listOrders = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/orders',
  tags,
  summary: 'Orders, newest first, filtered by status, dates, product, user and provider',
  request: { query: orderQuery.extend(paging(100, 20).shape) },
  responses: jsonResponses(ConsoleOrderPage, codes),
});

export const ordersCsv = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/orders.csv',
  tags,
  summary: 'The filtered orders as CSV for accounting (yuan; refunds netted out)',
  request: { query: orderQuery },
  responses: { 200: { description: 'CSV (UTF-8 with BOM)', content: { 'text/csv': { schema: z.string() } } } },
});

export const orderDetail = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/orders/{orderNo}',
  tags,
  summary: "An order with its whole history, its refunds and the payment service's transaction id",
  request: { params: param },
  responses: jsonResponses(ConsoleOrderDetail, codes),
});

export const queryProvider = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/orders/{orderNo}/query',
  tags,
  summary: 'Asks the payment service about the order: a missed payment is applied, processing refunds sent again',
  request: { params: param },
  responses: jsonResponses(ProviderQuery, { ...codes, 400: 'the payment service could not be asked' }),
});

export const refund = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/orders/{orderNo}/refund',
  tags,
  ...targetsAccount,
  summary: 'Refunds all or part of a paid order through its payment service (admin; a fresh TOTP code)',
  request: {
    params: param,
    body: jsonBody(
      z.object({
        amount: intParam(1, 100_000_000).describe('fen'),
        reason,
        requestId,
        code: totpCode,
      }),
    ),
  },
  responses: jsonResponses(RefundOutcome, {
    ...codes,
    ...reachCodes,
    400: 'not refundable, or more than is left',
    [AdminCode.TOTP_AGAIN]: 'TOTP code needed again',
  }),
});
