import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StoredChatMessage } from '../../../shared/contract/chat';
import { users } from './users';

export type { StoredChatMessage };

/**
 * A logged-in user's conversation, mirrored from the browser's chatStorage so
 * it follows the user to another device. `changedAt` is the browser's time of
 * the latest change: the later change wins; a deletion stays as a tombstone.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The browser's history uuid (1002 for the default conversation). */
    uuid: bigint('uuid', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    systemPrompt: text('system_prompt'),
    description: text('description'),
    templateId: integer('template_id'),
    messages: jsonb('messages').$type<StoredChatMessage[]>().notNull().default([]),
    deleted: boolean('deleted').notNull().default(false),
    changedAt: bigint('changed_at', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Title and shown messages' texts (no variants), kept for search (docs/chat.md#search), trigram-indexed. */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    uniqueIndex('chat_conversations_user_uuid_idx').on(t.userId, t.uuid),
    index('chat_conversations_user_changed_idx').on(t.userId, t.changedAt),
    index('chat_conversations_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export type ChatConversation = typeof chatConversations.$inferSelect;
