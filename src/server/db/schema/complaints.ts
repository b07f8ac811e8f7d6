import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ComplaintCategory, ComplaintStatus } from '../../../shared/compliance';

/**
 * A complaint (投诉举报) filed at /complaint, with or without an account (docs/compliance.md).
 * Found by its ticket number together with the e-mail address it was filed with; `dueAt` is the
 * handling time promised when it was filed.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    ticket: text('ticket').notNull(),
    category: text('category').$type<ComplaintCategory>().notNull(),
    /** The item complained of: an address on this site or the filer's own words. */
    address: text('address').notNull(),
    description: text('description').notNull(),
    /** Lower-cased: the lookup compares it whole. */
    email: text('email').notNull(),
    /** The language the desk answers in (the filer's page language). */
    language: text('language').notNull(),
    status: text('status').$type<ComplaintStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('complaints_ticket_idx').on(t.ticket), index('complaints_queue_idx').on(t.status, t.dueAt)],
);

/** An operator's reply to a complaint: stored and e-mailed to the filer; the filer's status lookup shows it. */
export const complaintReplies = pgTable(
  'complaint_replies',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The console account that wrote it (no foreign key: the audit log names them for good). */
    authorId: integer('author_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('complaint_replies_complaint_idx').on(t.complaintId)],
);

export type Complaint = typeof complaints.$inferSelect;
export type ComplaintReply = typeof complaintReplies.$inferSelect;
