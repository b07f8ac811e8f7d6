import { Code } from '../../../shared/codes';
import { DEVICE_ID_PATTERN } from '../../../shared/device-id';
import type { Db } from '../../db/client';
import { hit } from '../../db/queries/rate-limits';
import type { products } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { settledCount } from './order-queries';

type Product = typeof products.$inferSelect;

/** Who asks for an order, beyond the account: the address and the browser's device id (when it sent one). */
export interface OrderClient {
  ip?: string;
  deviceId?: string;
}

// Daily windows: rate_limits forgets windows older than two days.
const DAY = 86_400_000;
/** Free products granted a day per client address (× IP_LIMIT_SCALE) and per device. */
export const FREE_PER_IP_DAILY = 3;
export const FREE_PER_DEVICE_DAILY = 2;

/** The X-Device-Id header when well formed; anything else counts as none. */
export function deviceIdFrom(header: string | undefined): string | undefined {
  return header && DEVICE_ID_PATTERN.test(header) ? header : undefined;
}

/** Refuses when the account already bought the product as often as it allows. */
export async function assertPurchaseLimit(db: Db, userId: number, product: Product) {
  if (product.purchaseLimit === null) return;
  if ((await settledCount(db, userId, product.id)) >= product.purchaseLimit)
    throw new DomainError(Code.ORDER_NOT_ALLOWED, 'shop:order.create.limitReached', {
      params: { limit: product.purchaseLimit },
    });
}

/**
 * Counts one free grant against the client's address and device, inside the
 * granting transaction: a refusal rolls the counts back with it, so only
 * grants count. Many fresh accounts from one address or browser get no more.
 */
export async function countFreeGrant(rt: Runtime, tx: Db, client: OrderClient) {
  const scale = rt.env.IP_LIMIT_SCALE;
  const checks: [string, number, number][] = [];
  if (client.ip) checks.push([`free:ip:${client.ip}`, FREE_PER_IP_DAILY * scale, DAY]);
  if (client.deviceId) checks.push([`free:device:${client.deviceId}`, FREE_PER_DEVICE_DAILY, DAY]);
  for (const [key, limit, windowMs] of checks) {
    if (!(await hit(tx, key, { limit, windowMs })).allowed)
      throw new DomainError(Code.ORDER_NOT_ALLOWED, 'shop:order.create.freeLimited');
  }
}
