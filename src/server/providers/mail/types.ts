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
  close(): void;
}
