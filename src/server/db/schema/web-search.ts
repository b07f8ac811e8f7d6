import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The console's web search setting (docs/web-search.md): one row, or none while the environment's
 * WEB_SEARCH_* stand. The key is sealed like a channel's (AES-256-GCM); the console sees `last4`.
 * `provider` 'off' turns web search off whatever the environment says.
 */
export const webSearchSettings = pgTable(
  'web_search_settings',
  {
    id: integer('id').primaryKey().default(1),
    provider: text('provider').notNull(),
    baseUrl: text('base_url').notNull().default(''),
    sealed: text('sealed'),
    last4: text('last4').notNull().default(''),
    costMicros: integer('cost_micros').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin who set it (no foreign key: the audit log names them for good). */
    updatedBy: integer('updated_by'),
  },
  (t) => [check('web_search_settings_one_row', sql`${t.id} = 1`)],
);
