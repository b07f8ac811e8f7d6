export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailProvider {
  /** 'smtp' or 'offline' (written to DATA_DIR/outbox). */
  mode: 'smtp' | 'offline';
  send(message: MailMessage): Promise<void>;
  /**
   * Sends without the caller waiting (a receipt must not hold a payment's answer, nor a
   * payment service's acknowledgement, for an SMTP conversation); a failure is logged.
   */
  later(message: MailMessage): void;
  /** Finishes the mails sent `later` that are still in flight, then closes the transport. */
  close(): Promise<void>;
}
