import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UnlabelledKind } from '../../../shared/compliance';

/**
 * One download without the visible AI label, allowed in the console for a user's request
 * (docs/compliance.md, "Unlabelled downloads"): a one-time link, and its log (who asked, who
 * allowed, when, what, when it was used). Only the link key's SHA-256 is kept.
 */
export const unlabelledDownloads = pgTable(
  'unlabelled_downloads',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<UnlabelledKind>().notNull(),
    /** The drawing's or song's task id. */
    itemId: text('item_id').notNull(),
    /** Who asked: the item's owner (no foreign key: the log outlives the account). */
    ownerId: integer('owner_id').notNull(),
    reason: text('reason').notNull(),
    /** Who allowed it: the console account. */
    allowedBy: integer('allowed_by').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedIp: text('used_ip'),
  },
  (t) => [
    uniqueIndex('unlabelled_downloads_key_idx').on(t.keyHash),
    index('unlabelled_downloads_created_idx').on(t.createdAt),
  ],
);

export type UnlabelledDownload = typeof unlabelledDownloads.$inferSelect;
