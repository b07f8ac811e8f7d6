import type { OrderInfo } from '../../shared/contract/shop';

/**
 * Window event asking the pay dialogs on /product to show an order; the
 * dialogs are mounted by it (src/lib/event-mount.ts), so React loads only then.
 */
export const PAY_ORDER_EVENT = 'miaobi:pay-order';
/** Dispatched by the pay dialogs once they listen; mountOnEvent then replays the waking event. */
export const PAY_ORDER_READY_EVENT = `${PAY_ORDER_EVENT}:ready`;
/** Dispatched after a purchase changed the user's membership, so anything showing it can refresh. */
export const USER_CHANGED_EVENT = 'miaobi:user-changed';

export interface PayOrderRequest {
  order: OrderInfo;
  /** The server answered 100000304: an identical order is still unpaid. */
  duplicate: boolean;
}

declare global {
  interface WindowEventMap {
    [PAY_ORDER_EVENT]: CustomEvent<PayOrderRequest>;
    [USER_CHANGED_EVENT]: Event;
  }
}

export function requestPayment(request: PayOrderRequest): void {
  window.dispatchEvent(new CustomEvent(PAY_ORDER_EVENT, { detail: request }));
}

export function announceUserChanged(): void {
  window.dispatchEvent(new Event(USER_CHANGED_EVENT));
}

/** After a purchase the site goes to /order with a random flag (docs/state-machines.md). */
export function ordersUrl(random: () => number = Math.random): string {
  return `/order?flag=${random().toString(36).slice(2, 10)}`;
}
