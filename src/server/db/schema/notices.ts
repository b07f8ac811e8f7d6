import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { NoticeAudience } from '../../../shared/notices';
import { users } from './users';

/** Text of a notice per language (zh-CN, en-US, zh-TW); a missing language falls back to zh-CN. */
export type NoticeText = Partial<Record<string, string>>;

/**
 * Site notices: id 6 is the announcement shown once as a toast; the others
 * are page banners (`page` says where). Bumping `revision` shows a changed
 * notice again to those who had read it.
 */
export const notices = pgTable('notices', {
  /** 1, 2 and 6 are seeded; new notices take ids from 100 on (notices_id_seq). */
  id: integer('id').primaryKey().default(sql`nextval('notices_id_seq')`),
  /** announcement (toast, read once) or banner (always shown on its page). */
  kind: text('kind').notNull(),
  /** Page a banner belongs to: chat, draw … ; null for announcements. */
  page: text('page'),
  content: jsonb('content').$type<NoticeText>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Who sees it: all, visitors (no login) or members (docs/console.md). */
  audience: text('audience').$type<NoticeAudience>().notNull().default('all'),
  /** Shown from / until (null: no bound). */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
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
