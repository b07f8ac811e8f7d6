import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { WordEdits } from '../../../shared/word-list';

/**
 * The console's moderation word list (docs/console.md): every save is a new
 * version, never changed; the newest one applies over the built-in list and
 * MODERATION_WORDS_FILE.
 */
export const moderationWordLists = pgTable(
  'moderation_word_lists',
  {
    id: serial('id').primaryKey(),
    words: jsonb('words').$type<WordEdits>().notNull(),
    /** The console account that saved it (no foreign key: the audit log names them for good). */
    authorId: integer('author_id'),
    authorEmail: text('author_email'),
    /** The version this one restored, when it was a revert. */
    revertedFrom: integer('reverted_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_word_lists_created_idx').on(t.createdAt)],
);

export type ModerationWordList = typeof moderationWordLists.$inferSelect;
