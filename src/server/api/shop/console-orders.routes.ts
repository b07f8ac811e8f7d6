import { AdminCode } from '../../../shared/admin';
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
import { consoleCsv, consoleRoute } from '../admin/console-kit';
import { jsonBody, reachCodes, targetsAccount } from '../route-kit';

// The console's orders and refunds (docs/console.md#orders).

export const listOrders = consoleRoute('get', '/admin/orders', ConsoleOrderPage, {
  summary: 'Orders, newest first, filtered by status, dates, product, user and provider',
  request: { query: orderPageQuery },
});

export const ordersCsv = consoleCsv('/admin/orders.csv', {
  summary: 'The filtered orders as CSV for accounting (yuan; refunds netted out)',
  request: { query: orderQuery },
});

export const orderDetail = consoleRoute('get', '/admin/orders/{orderNo}', ConsoleOrderDetail, {
  summary: "An order with its whole history, its refunds and the payment service's transaction id",
  request: { params: param },
});

export const queryProvider = consoleRoute('post', '/admin/orders/{orderNo}/query', ProviderQuery, {
  summary: 'Asks the payment service about the order: a missed payment is applied, processing refunds sent again',
  request: { params: param },
  more: { 400: 'the payment service could not be asked' },
});

export const refund = consoleRoute('post', '/admin/orders/{orderNo}/refund', RefundOutcome, {
  ...targetsAccount,
  summary: 'Refunds all or part of a paid order through its payment service (admin; a fresh TOTP code)',
  request: { params: param, body: jsonBody(refundBody) },
  more: {
    ...reachCodes,
    400: 'not refundable, or more than is left',
    [AdminCode.TOTP_AGAIN]: 'TOTP code needed again',
  },
});
