import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Site settings the console changed (docs/console.md): one row per setting
 * that overrides its environment variable; no row means the env default.
 */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The admin who set it (no foreign key: the audit log names them for good). */
  updatedBy: integer('updated_by'),
});
