import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Notices for one user (a late payment honoured …): a locale key with its
 * namespace (`shop:order.late.notice`) and its parameters, shown once in the
 * user's language, then marked read.
 */
export const userNotices = pgTable(
  'user_notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('user_notices_user_idx').on(t.userId, t.createdAt)],
);

export type UserNotice = typeof userNotices.$inferSelect;
