import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Text of a notice per language (zh-CN, en-US, zh-TW); a missing language falls back to zh-CN. */
export type NoticeText = Partial<Record<string, string>>;

/**
 * Site notices: id 6 is the announcement shown once as a toast; the others
 * are page banners (`page` says where). Bumping `revision` shows a changed
 * notice again to those who had read it.
 */
export const notices = pgTable('notices', {
  id: integer('id').primaryKey(),
  /** announcement (toast, read once) or banner (always shown on its page). */
  kind: text('kind').notNull(),
  /** Page a banner belongs to: chat, draw … ; null for announcements. */
  page: text('page'),
  content: jsonb('content').$type<NoticeText>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  revision: integer('revision').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which revision of a notice a user has read. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    revision: integer('revision').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);

export type Notice = typeof notices.$inferSelect;
