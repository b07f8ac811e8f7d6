export interface PaymentOrder {
  orderNo: string;
  /** Fen. */
  amount: number;
  description: string;
  expiresAt: Date;
}

export interface PaymentStatus {
  paid: boolean;
  /** Fen actually paid, as the payment service reports it. */
  amount?: number;
  tradeNo?: string;
}

/**
 * A payment service. The notify endpoint of a real adapter verifies the
 * service's signature and then calls the order service's markPaid, the same
 * path the sandbox's 'confirm payment' takes.
 */
export interface PaymentProvider {
  mode: 'sandbox' | 'wechatpay' | 'alipay';
  /** Places the order; payLink is what the QR code encodes. */
  createPayment(order: PaymentOrder): Promise<{ payLink: string }>;
  /** Asks the service about an order (for missed notifies). */
  queryPayment(orderNo: string): Promise<PaymentStatus>;
  /** Closes the order at the service after a timeout or cancel, so it can no longer be paid. */
  closePayment(orderNo: string): Promise<void>;
}
