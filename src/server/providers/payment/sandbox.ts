import { hashKey, newKey } from '../../one-time-key';
import type { PaymentProvider } from './types';

/** The sandbox pay page of an order; with a key, the link that can confirm or cancel it once. */
export function sandboxPayLink(publicOrigin: string, orderNo: string, key?: string): string {
  const base = `${publicOrigin}/pay/sandbox/${orderNo}`;
  return key ? `${base}?key=${encodeURIComponent(key)}` : base;
}

/** A fresh one-time key for an order: the owner's link that carries it, and the hash the order keeps. */
export function keyedSandboxLink(publicOrigin: string, orderNo: string): { link: string; keyHash: string } {
  const key = newKey();
  return { link: sandboxPayLink(publicOrigin, orderNo, key), keyHash: hashKey(key) };
}

/**
 * Offline payment: the QR opens our /pay/sandbox/{orderNo}?key=… page, whose
 * 'confirm payment' drives the same markPaid path a verified notify does. The
 * order keeps the link without its key; the owner is handed a keyed one with
 * the new order (and a fresh one later, services/shop/sandbox-pay.ts), whose
 * key only the SHA-256 of is stored.
 */
export function createSandboxPayment(publicOrigin: string): PaymentProvider {
  return {
    mode: 'sandbox',
    async createPayment(order) {
      return {
        payLink: sandboxPayLink(publicOrigin, order.orderNo),
        owner: keyedSandboxLink(publicOrigin, order.orderNo),
      };
    },
    // The sandbox has no state of its own: the order row is the truth.
    async queryPayment() {
      return { paid: false, state: 'recordless' };
    },
    async closePayment() {},
    // No money moved, so none goes back: the refund is done at once.
    async refund() {
      return { state: 'success' };
    },
    // The sandbox's confirmations come from its own page, never as a notify.
    parseNotify() {
      return { ok: false, refusal: 'refused', reason: 'the sandbox sends no notifies' };
    },
    ack() {
      return { status: 400, body: '' };
    },
  };
}
