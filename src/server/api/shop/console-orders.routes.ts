import { createRoute } from '@hono/zod-openapi';
import { AdminCode } from '../../../shared/admin';
import { fileBody } from '../../../shared/contract/common';
import { orderNoField as param } from '../../../shared/contract/shop';
import {
  ConsoleOrderDetail,
  ConsoleOrderPage,
  orderPageQuery,
  orderQuery,
  ProviderQuery,
  RefundOutcome,
  refundBody,
} from '../../../shared/contract/shop-console';
import { access } from '../access';
import { codes, tags } from '../admin/console-kit';
import { jsonBody, jsonResponses, reachCodes, targetsAccount } from '../route-kit';

// The console's orders and refunds (docs/console.md#orders).

export const listOrders = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/orders',
  tags,
  summary: 'Orders, newest first, filtered by status, dates, product, user and provider',
  request: { query: orderPageQuery },
  responses: jsonResponses(ConsoleOrderPage, codes),
});

export const ordersCsv = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/orders.csv',
  tags,
  summary: 'The filtered orders as CSV for accounting (yuan; refunds netted out)',
  request: { query: orderQuery },
  responses: { 200: { description: 'CSV (UTF-8 with BOM)', content: { 'text/csv': { schema: fileBody } } } },
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
    body: jsonBody(refundBody),
  },
  responses: jsonResponses(RefundOutcome, {
    ...codes,
    ...reachCodes,
    400: 'not refundable, or more than is left',
    [AdminCode.TOTP_AGAIN]: 'TOTP code needed again',
  }),
});
