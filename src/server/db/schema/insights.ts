import { bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every sign-in attempt on an existing account, successful or not
 * (services/account/sign-ins.ts). A trigger refuses UPDATE; rows older than
 * the retention period are deleted, and an account's go with its deletion.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** password, wechat, wechat-bind or phone. */
    method: text('method').notNull(),
    success: boolean('success').notNull(),
    /** The failure's message key (wrong password, locked, banned, too many tries). */
    failure: text('failure'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sign_ins_user_idx').on(t.userId, t.at), index('sign_ins_at_idx').on(t.at)],
);

/**
 * Which users made an authenticated request in which hour: one row per user
 * and hour, so daily and weekly active users are distinct counts over an
 * index, in any site time zone with whole-hour offsets.
 */
export const userActivity = pgTable(
  'user_activity',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hour] }), index('user_activity_hour_idx').on(t.hour, t.userId)],
);

/** Events that leave no row of their own (chat messages), counted per hour. */
export const usageHours = pgTable(
  'usage_hours',
  {
    metric: text('metric').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.metric, t.hour] })],
);
