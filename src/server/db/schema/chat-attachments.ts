import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { UploadAigcMark } from '../../../shared/compliance';
import { users } from './users';

/**
 * A picture or document attached to a chat question (docs/chat.md#attachments). The bytes sit in
 * the storage provider under `storageKey`, readable by their owner only (and through a live share
 * that holds them); a document's extracted text is kept so it is not parsed again per question.
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    /** Random, url-safe: the id the browser and shares name the file by. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'image' | 'document'>().notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Documents: the text extracted on upload (null for pictures). */
    text: text('text'),
    chars: integer('chars').notNull().default(0),
    /**
     * Pictures: what their own metadata said of them (an implicit AI label or a generator's marks,
     * services/compliance/upload-labels.ts), shown where a share makes the picture public.
     */
    aigcMark: text('aigc_mark').$type<UploadAigcMark>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_attachments_user_idx').on(t.userId, t.createdAt)],
);

export type ChatAttachmentRow = typeof chatAttachments.$inferSelect;
