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
} as const;

/** Product types (docs/payments.md): 1 membership days, 2 Plus days, 4 a composition pack. */
export const PRODUCT_TYPES = [1, 2, 4] as const;

/** productType of a composition pack (docs/api.md). */
export const COMPOSITION_PRODUCT_TYPE = 4;

/** Orders page size (docs/routes-and-screens.md). */
export const ORDER_PAGE_SIZE = 10;
