import { z } from '@hono/zod-openapi';
import { pageOf } from './common';
import { id, intParam, keySchema, paging, pattern, rawText, text } from './input';

/** Requests and replies of the commerce API (src/server/api/shop/). Money is integer fen. */

export const orderNo = pattern(/^[A-Za-z0-9]{1,40}$/, 40, { trim: true });
/** One order by its number (cancel's body, detail's query, the pay routes' path). */
export const orderNoField = z.object({ orderNo });

/** POST /api/product/list/aichat: the products of one type, or all. */
export const productListQuery = z.object({ type: intParam(1, 99).optional() });
export const createOrderBody = z.object({ productId: id(), productCode: text(40, 1) });
export const orderListBody = paging(100, 10).extend({ orderNo: z.union([orderNo, z.literal('')]).optional() });

/** The sandbox pay page's path: its order and what the person chose. */
export const sandboxPayParams = z.object({ orderNo, action: z.enum(['confirm', 'cancel']) });
export const sandboxPayBody = z.object({
  key: keySchema.describe('the key in the pay link (?key=…); used up by this call'),
});
export const sandboxViewBody = z.object({ key: keySchema.describe('the key in the pay link (?key=…)') });
/** The order's status after a sandbox confirm or cancel. */
export const sandboxPaid = z.object({ orderStatus: z.number().int() });
/** A fresh keyed pay link. */
export const payLink = z.object({ payLink: z.string() });

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
/** The enabled products (data.data). */
export const productList = z.object({ data: z.array(product) });

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

// The payment services' notifies, documented only: the routes read the signed body raw
// (src/server/api/shop/pay-notify.ts).

/** The most a notify may be: real ones are a few KB. */
export const MAX_NOTIFY = 64 * 1024;

/** WeChat Pay's signature headers. */
export const wechatPayHeaders = z.object({
  'wechatpay-signature': rawText(512),
  'wechatpay-timestamp': rawText(16),
  'wechatpay-nonce': rawText(64),
  'wechatpay-serial': rawText(64),
});
/** WeChat Pay's notify (API v3): the resource is encrypted with the APIv3 key. */
export const wechatPayNotify = z.object({
  id: rawText(64),
  event_type: rawText(64),
  resource_type: rawText(32),
  resource: z.object({
    algorithm: rawText(32),
    ciphertext: rawText(MAX_NOTIFY),
    nonce: rawText(32),
    associated_data: rawText(64).optional(),
    original_type: rawText(32).optional(),
  }),
});
/** What WeChat Pay is answered when a notify fails: it retries. */
export const wechatPayFail = z.object({ code: z.literal('FAIL'), message: z.string() });
/** Alipay's notify: form fields signed RSA2. */
export const alipayNotify = z.object({
  app_id: rawText(32),
  out_trade_no: rawText(64),
  trade_no: rawText(64),
  trade_status: rawText(32),
  total_amount: rawText(16),
  sign_type: rawText(10),
  sign: rawText(1024),
});
/** Alipay's answer is this text. */
export const alipayAck = z.enum(['success', 'fail']);
