import { z } from '@hono/zod-openapi';
import { pageOf } from './common';

/** The console's products and orders (src/server/services/shop/console-{products,orders}.ts, docs/console.md). Money is fen. */

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
}).openapi('AdminOrderDetail');

/** What the payment service said of an order, and what was done about it. */
export const ProviderQuery = z
  .object({
    paid: z.boolean(),
    payment: z.enum(['unknown', 'paid', 'already', 'mismatch', 'refunded', 'recorded', 'unpaid']),
    refundsSent: count,
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

export type ConsoleProduct = z.infer<typeof ConsoleProduct>;
export type ConsoleOrder = z.infer<typeof ConsoleOrder>;
export type ConsoleOrderDetail = z.infer<typeof ConsoleOrderDetail>;
export type ProviderQuery = z.infer<typeof ProviderQuery>;
export type RefundOutcome = z.infer<typeof RefundOutcome>;
