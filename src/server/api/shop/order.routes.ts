import { createRoute } from '@hono/zod-openapi';
import {
  createOrderBody,
  order,
  orderListBody,
  orderNoField,
  orderPage,
  payLink,
  productList,
  productListQuery,
  sandboxOrderView,
  sandboxPaid,
  sandboxPayBody,
  sandboxPayParams,
  sandboxViewBody,
  userLogInfo,
} from '../../../shared/contract/shop';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';

const tags = ['order'];
const auth = { 1000001: 'not logged in' };

export const listProducts = createRoute({
  security: access.public,
  method: 'post',
  path: '/product/list/aichat',
  tags: ['product'],
  summary: 'Enabled membership products (data.data)',
  request: { query: productListQuery },
  responses: jsonResponses(productList),
});
export const createOrder = createRoute({
  security: access.login,
  method: 'post',
  path: '/order/create',
  tags,
  summary: 'Order a product; status 5 carries payLink, status 9 needed no payment',
  request: { body: jsonBody(createOrderBody) },
  responses: jsonResponses(order, {
    ...auth,
    1000000: 'created (data is the order)',
    100000304: 'an identical unpaid order exists (data is that order)',
    100000305: 'the product cannot be bought now (result says why)',
    400: 'the payment service refused the order',
  }),
});
export const listOrders = createRoute({
  security: access.login,
  method: 'post',
  path: '/order/list',
  tags,
  summary: "The caller's orders, newest first",
  request: { body: jsonBody(orderListBody) },
  responses: jsonResponses(orderPage, auth),
});
export const cancelOrder = createRoute({
  security: access.login,
  method: 'post',
  path: '/order/cancel',
  tags,
  summary: 'Cancel an unpaid order of the caller (status 6)',
  request: { body: jsonBody(orderNoField) },
  responses: jsonResponses(order, {
    ...auth,
    404: 'no such order of the caller (HTTP 404)',
    400: 'not unpaid any more',
  }),
});
export const orderDetail = createRoute({
  security: access.login,
  method: 'get',
  path: '/order/detail',
  tags,
  summary: 'One order of the caller',
  request: { query: orderNoField },
  responses: jsonResponses(order, { ...auth, 404: 'no such order of the caller (HTTP 404)' }),
});
export const userLog = createRoute({
  security: access.login,
  method: 'get',
  path: '/user/log',
  tags: ['user'],
  summary: 'Log data: avatar and whether the user has ever ordered',
  responses: jsonResponses(userLogInfo, auth),
});
export const sandboxPay = createRoute({
  security: access.public,
  method: 'post',
  path: '/pay/sandbox/{orderNo}/{action}',
  tags: ['pay'],
  summary: "Sandbox only: confirm or cancel payment of an order with its pay link's one-time key",
  request: {
    params: sandboxPayParams,
    body: jsonBody(sandboxPayBody),
  },
  responses: jsonResponses(sandboxPaid, {
    1000000: 'done',
    404: 'unknown order, wrong or used key, or not the sandbox (HTTP 404)',
  }),
});
export const sandboxLink = createRoute({
  security: access.login,
  method: 'post',
  path: '/pay/sandbox/{orderNo}/link',
  tags: ['pay'],
  summary: "Sandbox only: a fresh keyed pay link for the caller's unpaid order (the previous key stops working)",
  request: { params: orderNoField },
  responses: jsonResponses(payLink, {
    ...auth,
    404: 'no such order of the caller (HTTP 404)',
    400: 'not unpaid any more, or not the sandbox',
  }),
});
export const sandboxView = createRoute({
  security: access.public,
  method: 'post',
  path: '/pay/sandbox/{orderNo}/view',
  tags: ['pay'],
  summary: "Sandbox only: the order a pay link shows, with the link's one-time key (not used up)",
  request: {
    params: orderNoField,
    body: jsonBody(sandboxViewBody),
  },
  responses: jsonResponses(sandboxOrderView, {
    200: 'the order',
    404: 'unknown order, wrong or used key, or not the sandbox (HTTP 404)',
  }),
});
