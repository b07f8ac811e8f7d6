import type { PaymentProvider } from './types';

/**
 * Offline payment: the QR opens our /pay/sandbox/{orderNo} page, whose
 * 'confirm payment' drives the same markPaid path a verified notify does.
 */
export function createSandboxPayment(publicOrigin: string): PaymentProvider {
  return {
    mode: 'sandbox',
    async createPayment(order) {
      return { payLink: `${publicOrigin}/pay/sandbox/${order.orderNo}` };
    },
    // The sandbox has no state of its own: the order row is the truth.
    async queryPayment() {
      return { paid: false };
    },
    async closePayment() {},
  };
}
