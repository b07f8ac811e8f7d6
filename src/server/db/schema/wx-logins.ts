import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One QR login attempt, keyed by the browser's random qrcodeSocket. The
 * openId is filled only by the server (sandbox confirm or a signed WeChat
 * event), and a login may consume it once.
 */
export const wxLogins = pgTable('wx_logins', {
  qrcodeSocket: text('qrcode_socket').primaryKey(),
  openId: text('open_id'),
  /** SHA-256 of the sandbox QR's one-time confirm key (null with the official account, or once used). */
  keyHash: text('key_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});
