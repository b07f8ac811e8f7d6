import type { PayProvider } from '../../../shared/shop';

export interface PaymentOrder {
  orderNo: string;
  /** Fen. */
  amount: number;
  description: string;
  expiresAt: Date;
}

export interface PaymentStatus {
  /** The service holds the order's payment. */
  paid: boolean;
  /**
   * What the service says beyond "not paid": paid and since refunded (part or
   * all; WeChat Pay's REFUND), closed (unpaid past its time, or at Alipay
   * also after a whole refund), or no record kept (the sandbox: the order row
   * is the truth).
   */
  state?: 'refunded' | 'closed' | 'recordless';
  /** Fen actually paid, as the payment service reports it. */
  amount?: number;
  tradeNo?: string;
  /** The service's answer as it came (kept, bounded, in the order's payment records). */
  raw?: string;
}

/** A refund the service reports done when asked by its number (the amount it gave back). */
export interface ServiceRefund {
  /** The refund's number at the service (ours, or the one the service gave a refund made on its own site). */
  refundNo: string;
  orderNo: string;
  /** Fen given back by this refund. */
  amount: number;
  refundId?: string;
  /** The service's answer as it came. */
  raw: string;
}

/** A line of a day's trade bill: a payment (its amount) or a refund (the amount given back). */
export interface BillLine {
  orderNo: string;
  kind: 'payment' | 'refund';
  /** Fen. */
  amount: number;
  tradeNo?: string;
  refundNo?: string;
}

/** A refund asked of the service; refundNo is ours and makes a repeated request the same refund. */
export interface RefundRequest {
  orderNo: string;
  refundNo: string;
  /** Fen to give back now, and the order's whole amount. */
  amount: number;
  total: number;
  reason: string;
}

/**
 * The service's answer: done, still processing (a refund notify or a later
 * re-send settles it), or refused for good (the reservation is released).
 * A network failure throws instead: the outcome is unknown, so the refund
 * stays processing and is sent again with the same number.
 */
export type RefundResult =
  | { state: 'success'; refundId?: string }
  | { state: 'processing'; refundId?: string }
  | { state: 'refused'; message: string };

/** A verified notify, in the service's words translated to ours. */
export type NotifyEvent =
  | { kind: 'payment'; orderNo: string; amount: number; tradeNo?: string }
  | {
      kind: 'refund';
      refundNo: string;
      orderNo: string;
      success: boolean;
      refundId?: string;
      /** Fen given back by this refund, when the service says (a refund made on its own site is recorded with it). */
      amount?: number;
    }
  /** Verified, but nothing for us to record (other events, unpaid states): acknowledged. */
  | { kind: 'ignored'; event: string };

/** How a notify was refused: not verifiable at all, or verified but not acceptable. */
export type NotifyRefusal = 'malformed' | 'refused' | 'rejected';
export type ParsedNotify = { ok: true; event: NotifyEvent } | { ok: false; refusal: NotifyRefusal; reason: string };

/** What the notify route answers, in the form the service expects (its retry rules differ). */
export interface NotifyAck {
  status: 200 | 204 | 400 | 401 | 413 | 500;
  body: string;
  contentType?: string;
}
/** The route's verdict on a notify: handled, refused in parsing, refused by our rules, our own failure, too big. */
export type NotifyOutcome = 'ok' | NotifyRefusal | 'error' | 'tooLarge';

/** Reads a request or reply header by lower-case name. */
export type HeaderGetter = (name: string) => string | undefined;

/**
 * A payment service. Its notify route verifies and translates the service's
 * message with parseNotify, acts on the neutral event (markPaid, refunds) and
 * answers with ack, so the route knows no service's format.
 */
export interface CreatedPayment {
  /** What the order keeps and the QR code encodes. */
  payLink: string;
  /**
   * A link only the owner is handed, with what the order keeps to check it (the sandbox: a
   * one-time key in the link, its SHA-256 stored). Services that pay on their own page have none.
   */
  owner?: { link: string; keyHash: string };
}

export interface PaymentProvider {
  mode: PayProvider;
  /** Places the order; payLink is what the QR code encodes. */
  createPayment(order: PaymentOrder): Promise<CreatedPayment>;
  /** Asks the service about an order (for missed notifies). */
  queryPayment(orderNo: string): Promise<PaymentStatus>;
  /**
   * The order's refunds the service has completed, asked by number: the numbers given (ours still
   * processing) and any number the service itself gives a refund made on its own site (Alipay: the
   * order number, for a refund asked without a request number). Services without records have none.
   */
  queryRefunds?(orderNo: string, refundNos: string[]): Promise<ServiceRefund[]>;
  /** Closes the order at the service after a timeout or cancel, so it can no longer be paid. */
  closePayment(orderNo: string): Promise<void>;
  /** Gives money back; sending the same refundNo again is the same refund at the service. */
  refund(r: RefundRequest): Promise<RefundResult>;
  /** The day's trade bill (YYYY-MM-DD, the service's day), for reconciliation; services without bills have none. */
  downloadBill?(date: string): Promise<BillLine[]>;
  /** Verifies a notify's raw body (the signature covers its exact bytes) and translates it. */
  parseNotify(body: string, header: HeaderGetter): ParsedNotify;
  /** The answer the service expects for an outcome; message goes where the service shows one. */
  ack(outcome: NotifyOutcome, message?: string): NotifyAck;
}
