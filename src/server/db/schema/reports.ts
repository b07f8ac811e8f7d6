import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReportKind, ReportOutcome, ReportReason } from '../../../shared/moderation-reports';
import { users } from './users';

/**
 * A visitor's or user's report of a public item (docs/state-machines.md, "reports").
 * `itemId` is the item's public id: a drawing's or song's task id, an app's id.
 * One open report per reporter and item: `reporterKey` is `u:<id>` or `ip:<hash>`.
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ReportKind>().notNull(),
    itemId: text('item_id').notNull(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reporterKey: text('reporter_key').notNull(),
    reason: text('reason').$type<ReportReason>().notNull(),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while open; set when a moderator hides the item or dismisses its reports. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by'),
    outcome: text('outcome').$type<ReportOutcome>(),
  },
  (t) => [
    uniqueIndex('content_reports_open_idx').on(t.kind, t.itemId, t.reporterKey).where(sql`closed_at is null`),
    index('content_reports_queue_idx').on(t.kind, t.itemId).where(sql`closed_at is null`),
  ],
);

export type ContentReport = typeof contentReports.$inferSelect;
