import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { StoredChatMessage } from '../../../shared/contract/chat';
import type { ReviewState } from '../../../shared/moderation';
import { users } from './users';

/**
 * A read-only snapshot of a conversation its owner shared (docs/chat.md#sharing), read at
 * /share/{id}. Revoking keeps the row (the page then answers 410) and frees its attachments.
 * Anyone may report a share; a moderator's takedown (`review` hidden) also answers 410.
 */
export const chatShares = pgTable(
  'chat_shares',
  {
    /** Random and url-safe: the address is the only key to an unlisted share. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationUuid: bigint('conversation_uuid', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    /** The first answer's start, for link previews. */
    description: text('description').notNull(),
    messages: jsonb('messages').$type<StoredChatMessage[]>().notNull().default([]),
    /** The owner's choice to let search engines index it (and list it in the sitemap). */
    listed: boolean('listed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Moderators' word (docs/state-machines.md, "reports"): shares publish at once, a takedown hides them. */
    review: text('review').$type<ReviewState>().notNull().default('published'),
    /** When the review last changed: the console lists taken-down items by it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_shares_user_idx').on(t.userId, t.createdAt),
    index('chat_shares_listed_idx').on(t.listed, t.createdAt).where(sql`${t.revokedAt} IS NULL`),
    // The console's taken-down list, most recently changed first.
    index('chat_shares_hidden_idx').on(t.updatedAt).where(sql`review = 'hidden'`),
  ],
);

export type ChatShareRow = typeof chatShares.$inferSelect;
