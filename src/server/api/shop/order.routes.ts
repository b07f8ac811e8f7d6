import { createRoute, z } from '@hono/zod-openapi';
import { order, orderPage, product, sandboxOrderView, userLogInfo } from '../../../shared/contract/shop';
import { access } from '../access';
import { jsonBody, jsonResponses, paging } from '../route-kit';
import { id, intParam, keySchema, pattern, text } from '../validation';

const orderNo = pattern(/^[A-Za-z0-9]{1,40}$/, 40, { trim: true });
const tags = ['order'];
const auth = { 1000001: 'not logged in' };

export const listProducts = createRoute({
  security: access.public,
  method: 'post',
  path: '/product/list/aichat',
  tags: ['product'],
  summary: 'Enabled membership products (data.data)',
  request: { query: z.object({ type: intParam(1, 99).optional() }) },
  responses: jsonResponses(z.object({ data: z.array(product) })),
});
export const createOrder = createRoute({
  security: access.login,
  method: 'post',
  path: '/order/create',
  tags,
  summary: 'Order a product; status 5 carries payLink, status 9 needed no payment',
  request: {
    body: jsonBody(
      z.object({
        productId: id(),
        productCode: text(40, 1),
      }),
    ),
  },
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
  request: { body: jsonBody(paging(100, 10).extend({ orderNo: z.union([orderNo, z.literal('')]).optional() })) },
  responses: jsonResponses(orderPage, auth),
});
export const cancelOrder = createRoute({
  security: access.login,
  method: 'post',
  path: '/order/cancel',
  tags,
  summary: 'Cancel an unpaid order of the caller (status 6)',
  request: { body: jsonBody(z.object({ orderNo })) },
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
  request: { query: z.object({ orderNo }) },
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
const sandboxParams = z.object({ orderNo, action: z.enum(['confirm', 'cancel']) });
export const sandboxPay = createRoute({
  security: access.public,
  method: 'post',
  path: '/pay/sandbox/{orderNo}/{action}',
  tags: ['pay'],
  summary: "Sandbox only: confirm or cancel payment of an order with its pay link's one-time key",
  request: {
    params: sandboxParams,
    body: jsonBody(z.object({ key: keySchema.describe('the key in the pay link (?key=…); used up by this call') })),
  },
  responses: jsonResponses(z.object({ orderStatus: z.number().int() }), {
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
  request: { params: z.object({ orderNo }) },
  responses: jsonResponses(z.object({ payLink: z.string() }), {
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
    params: z.object({ orderNo }),
    body: jsonBody(z.object({ key: keySchema.describe('the key in the pay link (?key=…)') })),
  },
  responses: jsonResponses(sandboxOrderView, {
    200: 'the order',
    404: 'unknown order, wrong or used key, or not the sandbox (HTTP 404)',
  }),
});
