/** Browser-side shapes of the commerce API (src/server/api/shop/order.routes.ts). Money is integer fen. */

/** Order, as POST /api/order/create and /api/order/list return it (docs/api.md). */
export interface OrderInfo {
  orderNo: string;
  orderPrice: number;
  /** The product's name at the time of ordering. */
  orderDesc: string;
  productCode: string;
  productId: number;
  /** 4: composition pack; otherwise membership days. */
  productType: number;
  /** Days, or compositions when productType is 4. */
  productBenefit: number;
  /** Order status code (docs/state-machines.md). */
  orderStatus: number;
  payLink: string | null;
  /** Minutes the buyer has to pay. */
  payLimitTime: number;
  /** ISO time of creation. */
  createDate: string;
  createTime: number;
  /** ISO time after which the order is auto-cancelled. */
  expiresAt: string;
  updateTimestamp: number;
}

/** Product, as POST /api/product/list/aichat returns it (docs/api.md). */
export interface ProductInfo {
  productId: number;
  productCode: string;
  productName: string;
  productDescription: string;
  productType: number;
  productBenefit: number;
  productPrice: number;
  productDisPrice: number;
}

/** One page of POST /api/order/list. */
export interface OrderPage {
  records: OrderInfo[];
  total: number;
  current: number;
  size: number;
}

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

/** productType of a composition pack (docs/api.md). */
export const COMPOSITION_PRODUCT_TYPE = 4;

/** Orders page size (docs/routes-and-screens.md). */
export const ORDER_PAGE_SIZE = 10;
