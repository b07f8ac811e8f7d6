import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { UploadAigcMark } from '../../../shared/compliance';

/**
 * What an uploaded picture's metadata said of it (services/compliance/upload-labels.ts), by its
 * stored file's URL: the stored copy is re-encoded without that metadata, so the finding is kept
 * here when the upload is read, and copied to the item that shows the picture.
 */
export const uploadLabels = pgTable('upload_labels', {
  url: text('url').primaryKey(),
  mark: text('mark').$type<UploadAigcMark>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
