import { z } from '@hono/zod-openapi';
import { pageOf } from './common';

/** Replies of the commerce API (src/server/api/shop/order.routes.ts). Money is integer fen. */

const money = z.number().int().openapi({ description: 'fen (1 yuan = 100 fen)' });

/** Order, as /api/order/create, /list, /cancel and /detail return it (docs/api.md). */
export const order = z
  .object({
    orderNo: z.string(),
    orderPrice: money,
    /** The product's name at the time of ordering. */
    orderDesc: z.string(),
    productCode: z.string(),
    productId: z.number().int(),
    /** 4: composition pack; otherwise membership days. */
    productType: z.number().int(),
    /** Days, or compositions when productType is 4. */
    productBenefit: z.number().int(),
    orderStatus: z.number().int().openapi({
      description: 'docs/state-machines.md: 1 paid … 9 no payment needed, 10 refunded, 11 partly refunded',
    }),
    /** Fen given back so far (statuses 10 and 11). */
    refundedAmount: money,
    payLink: z.string().nullable(),
    payLimitTime: z.number().int().openapi({ description: 'minutes' }),
    /** ISO time of creation. */
    createDate: z.string(),
    createTime: z.number().int(),
    /** ISO time after which the order is auto-cancelled. */
    expiresAt: z.string(),
    updateTimestamp: z.number().int(),
  })
  .openapi('Order');
export type OrderInfo = z.infer<typeof order>;

/** One page of /api/order/list. */
export const orderPage = pageOf(order);
export type OrderPage = z.infer<typeof orderPage>;

/** Product, as /api/product/list/aichat returns it (docs/api.md). */
export const product = z
  .object({
    productId: z.number().int(),
    productCode: z.string(),
    productName: z.string(),
    productDescription: z.string(),
    productType: z.number().int().openapi({ description: '1 membership, 2 plus, 4 compositions' }),
    productBenefit: z.number().int().openapi({ description: 'days, or compositions when productType is 4' }),
    productPrice: money,
    productDisPrice: money,
  })
  .openapi('Product');
export type ProductInfo = z.infer<typeof product>;

/** /api/user/log: the avatar and whether the caller has ever ordered (the orders and products screens read it). */
export const userLogInfo = z.object({ avatar: z.string().nullable(), orderFlag: z.boolean() });
export type UserLog = z.infer<typeof userLogInfo>;

/** /api/pay/sandbox/{orderNo}/view: the order a sandbox pay link shows. */
export const sandboxOrderView = z.object({
  orderNo: z.string(),
  orderPrice: z.number().int().describe('fen'),
  orderStatus: z.number().int(),
  product: z.string().describe("the product's name in the request's language"),
});
export type SandboxOrderView = z.infer<typeof sandboxOrderView>;
