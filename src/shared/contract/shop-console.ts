import { z } from '@hono/zod-openapi';
import { ORDER_PAY_PROVIDERS, PRODUCT_TYPES, YUAN_PATTERN } from '../shop';
import { date, reason, requestId, totpCode } from './admin';
import { pageOf } from './common';
import { intParam, paging, pattern, safeString, text } from './input';
import { PaymentRecordDto } from './shop-payments-console';

/**
 * The console's products and orders (src/server/services/shop/console-{products,orders}.ts, docs/console.md):
 * requests and replies. Money is fen.
 */

/** The orders' filters (the list and its CSV). */
export const orderQuery = z.object({
  status: intParam(1, 11).optional(),
  from: date.optional(),
  to: date.optional(),
  product: text(40).optional(),
  user: text(200).optional().describe('e-mail (contains) or user id'),
  provider: z.enum(ORDER_PAY_PROVIDERS).optional(),
});
export type OrderQuery = z.infer<typeof orderQuery>;
export const orderPageQuery = orderQuery.extend(paging(100, 20).shape);

/** POST /api/admin/orders/{orderNo}/refund: all or part of a paid order, with a fresh TOTP code. */
export const refundBody = z.object({
  amount: intParam(1, 100_000_000).describe('fen'),
  reason,
  requestId,
  code: totpCode,
});

/** A text per language (zh-CN required), each failure with the console's own message. */
const texts = (max: number, tooLong: string, zhRequired?: string) =>
  z.object({
    'zh-CN': safeString()
      .trim()
      .min(zhRequired ? 1 : 0, zhRequired)
      .max(max, tooLong),
    'en-US': safeString().trim().max(max, tooLong),
    'zh-TW': safeString().trim().max(max, tooLong),
  });
/** A bounded JSON integer whose every failure says the field's range. */
const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
const yuan = pattern(YUAN_PATTERN, 10, { trim: true, message: 'admin:products.yuanFormat' });

/** What the product form sends: texts per language, prices as yuan text (two decimals at most). */
const productFields = z.object({
  names: texts(60, 'admin:products.nameTooLong', 'admin:products.nameRequired'),
  descriptions: texts(300, 'admin:products.descriptionTooLong'),
  price: yuan,
  disPrice: yuan,
  productType: whole(1, 4, 'admin:products.typeInvalid').refine(
    (n) => (PRODUCT_TYPES as readonly number[]).includes(n),
    { message: 'admin:products.typeInvalid' },
  ),
  productBenefit: whole(1, 100_000, 'admin:products.benefitRange'),
  level: whole(1, 9, 'admin:products.levelRange'),
  purchaseLimit: whole(1, 1_000_000, 'admin:products.limitRange').nullable(),
  /** Credits (积分) granted on payment beside the benefit; a credit pack. */
  credits: whole(0, 10_000_000, 'admin:products.creditsRange').default(0),
  requestId,
  /** A fresh TOTP code: needed when the price is set (create) or changed. */
  code: totpCode.optional(),
});
export type ProductForm = z.infer<typeof productFields>;
const disNotAbove = <T extends { price: string; disPrice: string }>(b: T) => Number(b.disPrice) <= Number(b.price);
const disRule = { message: 'admin:products.disAbovePrice', path: ['disPrice'] };

/** POST /api/admin/products: a new product, with its code. */
export const productCreate = productFields
  .extend({
    productCode: pattern(/^[A-Za-z0-9_-]{1,40}$/, 40, { trim: true, message: 'admin:products.codeFormat' }),
  })
  .refine(disNotAbove, disRule);
/** POST /api/admin/products/{id}: a product's fields replaced. */
export const productUpdate = productFields.refine(disNotAbove, disRule);
/** POST /api/admin/products/{id}/move: one place up or down. */
export const productMove = z.object({ direction: z.enum(['up', 'down']), requestId });

const count = z.number().int();
const money = z.number().int().openapi({ description: 'fen (1 yuan = 100 fen)' });
const text3 = z.object({ 'zh-CN': z.string(), 'en-US': z.string(), 'zh-TW': z.string() });

export const ConsoleProduct = z
  .object({
    id: count,
    productCode: z.string(),
    names: text3,
    descriptions: text3,
    productPrice: money,
    productDisPrice: money,
    productType: count,
    productBenefit: count,
    level: count,
    purchaseLimit: count.nullable(),
    credits: count,
    enabled: z.boolean(),
    sortOrder: count,
    updatedAt: z.string(),
  })
  .openapi('AdminProduct');

export const ConsoleOrder = z
  .object({
    orderNo: z.string(),
    userId: count,
    email: z.string().nullable(),
    productCode: z.string(),
    orderDesc: z.string(),
    orderPrice: money,
    refundedAmount: money,
    orderStatus: count,
    payProvider: z.string(),
    providerTradeNo: z.string().nullable(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
  })
  .openapi('AdminOrder');
export const ConsoleOrderPage = pageOf(ConsoleOrder);

const refundStatus = z.enum(['success', 'processing', 'failed']);

export const ConsoleOrderDetail = ConsoleOrder.extend({
  productType: count,
  productBenefit: count,
  expiresAt: z.string(),
  /** Status changes, oldest first. */
  history: z.array(
    z.object({
      id: count,
      at: z.string(),
      fromStatus: count.nullable(),
      toStatus: count,
      source: z.string(),
      detail: z.string().nullable(),
    }),
  ),
  refunds: z.array(
    z.object({
      refundNo: z.string(),
      amount: money,
      status: refundStatus,
      reason: z.string(),
      actorEmail: z.string().nullable(),
      providerRefundId: z.string().nullable(),
      detail: z.string().nullable(),
      attempts: count,
      nextTryAt: z.string().nullable(),
      createdAt: z.string(),
      finishedAt: z.string().nullable(),
    }),
  ),
  /** Every notify and query answer recorded against the order, oldest first. */
  payments: z.array(PaymentRecordDto),
}).openapi('AdminOrderDetail');

/** What the payment service said of an order, and what was done about it. */
export const ProviderQuery = z
  .object({
    paid: z.boolean(),
    payment: z.enum(['unknown', 'paid', 'already', 'mismatch', 'refunded', 'recorded', 'unpaid']),
    refundsSent: count,
    /** Refunds the service reported done and this query settled (ours, or made at the service). */
    refundsSettled: count,
    orderStatus: count,
  })
  .openapi('AdminProviderQuery');

export const RefundOutcome = z
  .object({
    /** false: the request id had already acted (a repeated click); the refund is the one it made. */
    applied: z.boolean(),
    refundNo: z.string(),
    amount: money,
    status: refundStatus,
    detail: z.string().nullable(),
  })
  .openapi('AdminRefund');

export const ConsoleProductList = z.array(ConsoleProduct);
export type ConsoleProduct = z.infer<typeof ConsoleProduct>;
export type ConsoleOrder = z.infer<typeof ConsoleOrder>;
export type ConsoleOrderDetail = z.infer<typeof ConsoleOrderDetail>;
export type ProviderQuery = z.infer<typeof ProviderQuery>;
export type RefundOutcome = z.infer<typeof RefundOutcome>;
