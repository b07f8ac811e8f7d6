import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Private push channels: an order number, drawing task or song task id and
 * the user allowed to listen to it. A taskId with no row is public (QR login
 * sockets, keyed by an unguessable id).
 */
export const pushChannels = pgTable('push_channels', {
  taskId: text('task_id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
