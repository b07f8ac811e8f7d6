import { COMPOSITION_PRODUCT_TYPE, OrderStatus } from '../../shared/shop';

/** Integer fen as yuan with two decimals: 2900 → '29.00'. */
export function yuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** i18n key (shop namespace) of a docs/state-machines.md status, or null for an unknown code (shown blank). */
export function statusKey(status: number): `shop:status.${number}` | null {
  return Number.isInteger(status) && status >= OrderStatus.PAID && status <= OrderStatus.PARTLY_REFUNDED
    ? `shop:status.${status}`
    : null;
}

/** Whether the benefit counts compositions rather than membership days. */
export function isCompositionPack(productType: number): boolean {
  return productType === COMPOSITION_PRODUCT_TYPE;
}

/** i18n key (shop namespace) of the benefit amount, 'N 天' or 'N 首作曲'. */
export function benefitKey(productType: number): 'shop:product.compositions' | 'shop:product.days' {
  return isCompositionPack(productType) ? 'shop:product.compositions' : 'shop:product.days';
}

/** Whether the owner may still pay or cancel the order. */
export function isUnpaid(status: number): boolean {
  return status === OrderStatus.TO_PAY || status === OrderStatus.PAYING;
}

/** Order numbers are letters and digits (the API refuses anything else). */
export const ORDER_NO_PATTERN = /^[A-Za-z0-9]{1,40}$/;
