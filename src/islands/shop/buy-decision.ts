import { Code } from '../../shared/codes';
import type { OrderInfo } from '../../shared/contract/shop';
import { OrderStatus } from '../../shared/shop';

/** What came back from POST /api/order/create, before any reading of it. */
export type CreateOutcome =
  | { kind: 'reply'; status: number; code: number; result: string; data: unknown }
  | { kind: 'network' };

/** What the page does next after order creation (docs/reply-codes.md). */
export type BuyAction =
  | { kind: 'login' }
  | { kind: 'pay'; order: OrderInfo; duplicate: boolean }
  | { kind: 'free'; order: OrderInfo }
  | { kind: 'warn'; text: string }
  /** `text` is the server's own message when it sent one worth showing. */
  | { kind: 'fail'; text: string | null }
  | { kind: 'network' };

export function isOrder(value: unknown): value is OrderInfo {
  if (typeof value !== 'object' || value === null) return false;
  const order = value as Partial<Record<keyof OrderInfo, unknown>>;
  return typeof order.orderNo === 'string' && typeof order.orderStatus === 'number';
}

/**
 * 1000001 (or an expired login) asks for login; 100000304 shows the
 * unpaid twin; 100000305 warns with the server's reason; success with status
 * 9 needs no payment, with status 5 opens the pay dialog; anything else failed (docs/reply-codes.md).
 */
export function decideBuy(outcome: CreateOutcome): BuyAction {
  if (outcome.kind === 'network') return { kind: 'network' };
  const { status, code, result, data } = outcome;
  if (code === Code.NOT_LOGGED_IN || status === 401) return { kind: 'login' };
  if (code === Code.ORDER_DUPLICATE_UNPAID && isOrder(data)) return { kind: 'pay', order: data, duplicate: true };
  if (code === Code.ORDER_NOT_ALLOWED && result) return { kind: 'warn', text: result };
  if (code === Code.SUCCESS && isOrder(data)) {
    if (data.orderStatus === OrderStatus.FREE) return { kind: 'free', order: data };
    if (data.orderStatus === OrderStatus.PAYING && data.payLink) return { kind: 'pay', order: data, duplicate: false };
  }
  // Rate limits and refusals carry their own explanation; a business oddity gets the generic text (docs/reply-codes.md).
  return { kind: 'fail', text: status !== 200 && result ? result : null };
}
