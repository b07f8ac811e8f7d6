import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Private push channels: an order number, drawing task or song task id and
 * the user allowed to listen to it, or a QR login's socket id and the SHA-256
 * of the listen key only the page that asked for the QR holds. A taskId with
 * no row is public.
 */
export const pushChannels = pgTable('push_channels', {
  taskId: text('task_id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash'),
  kind: text('kind').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
