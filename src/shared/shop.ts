/** Commerce codes both sides use; the reply shapes (orders, products) are in contract/shop.ts. */

/** Order status codes (docs/state-machines.md). */
export const OrderStatus = {
  PAID: 1,
  TO_PAY: 2,
  FAILED: 3,
  TIMED_OUT: 4,
  PAYING: 5,
  CANCELLED: 6,
  AUTO_CANCELLED: 7,
  CLOSED: 8,
  FREE: 9,
  /** The whole amount was given back; the benefit withdrawn. */
  REFUNDED: 10,
  /** Part of the amount was given back; the benefit reduced pro rata. */
  PARTLY_REFUNDED: 11,
} as const;

/** The payment services an installation can take money with (PAY_PROVIDER, docs/payments.md). */
export const PAY_PROVIDERS = ['sandbox', 'wechatpay', 'alipay'] as const;
export type PayProvider = (typeof PAY_PROVIDERS)[number];
/** What an order records as its pay_provider: the service, or `free` when nothing was to be paid. */
export const ORDER_PAY_PROVIDERS = [...PAY_PROVIDERS, 'free'] as const;

/** Product types (docs/payments.md): 1 membership days, 2 Plus days, 4 a composition pack. */
export const PRODUCT_TYPES = [1, 2, 4] as const;
/** Orders the user paid for (or got free) and still holds in whole or in part. */
export const SETTLED_STATUSES: readonly number[] = [OrderStatus.PAID, OrderStatus.FREE, OrderStatus.PARTLY_REFUNDED];
/** Orders money can still be refunded from (docs/payments.md#refunds). */
export const REFUNDABLE_STATUSES: readonly number[] = [OrderStatus.PAID, OrderStatus.PARTLY_REFUNDED];

/** productType of a composition pack (docs/api.md). */
export const COMPOSITION_PRODUCT_TYPE = 4;

/** Orders page size (docs/routes-and-screens.md). */
export const ORDER_PAGE_SIZE = 10;

/** Yuan as typed: whole yuan with at most 2 decimals, up to 9 999 999.99 (fits an int4 of fen). */
export const YUAN_PATTERN = /^(\d{1,7})(?:\.(\d{1,2}))?$/;
