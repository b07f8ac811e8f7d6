import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UploadAigcMark } from '../../../shared/compliance';
import type { ReviewState } from '../../../shared/moderation';
import { knowledgeBases } from './knowledge';
import { users } from './users';

/**
 * Prompt / app: a system prompt with a title, description and icon.
 * Seeded apps have no owner and a `seedKey`; user-made ones have an owner and
 * appear in the store only when `published` (docs/api.md).
 */
export const apps = pgTable(
  'apps',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id),
    /** Stable name of a seeded app, so seeding twice adds nothing. */
    seedKey: text('seed_key'),
    promptTitle: text('prompt_title').notNull(),
    promptContent: text('prompt_content').notNull(),
    promptDescription: text('prompt_description').notNull().default(''),
    /** `emoji:✍️` for a built-in icon, or a /files/… URL of an uploaded image. */
    iconUrl: text('icon_url').notNull(),
    /** What the uploaded icon's own metadata said (an implicit AI label found), shown as a badge in the store. */
    iconAigc: text('icon_aigc').$type<UploadAigcMark>(),
    category: text('category').notNull().default(''),
    published: boolean('published').notNull().default(false),
    /** Moderation: a published app reaches the store only when `published` here too (shared/moderation.ts). */
    review: text('review').$type<ReviewState>().notNull().default('published'),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * The author's knowledge base the app answers from (docs/knowledge.md#an-apps-base): its passages
     * are searched for everyone who chats with the app. Deleting the base detaches it.
     */
    knowledgeBaseId: integer('knowledge_base_id').references(() => knowledgeBases.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Title, description and prompt as the store's search reads them (db/queries/text-search.ts), kept by the database. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`doubled_chars(lower("prompt_title" || chr(10) || "prompt_description" || chr(10) || "prompt_content"))`,
      ),
  },
  (t) => [
    uniqueIndex('apps_seed_key_idx').on(t.seedKey),
    index('apps_owner_idx').on(t.ownerId, t.createdAt),
    // The console's review queue, oldest first.
    index('apps_review_idx').on(t.updatedAt).where(sql`review = 'pending'`),
    index('apps_store_idx')
      .on(t.sortOrder, t.id.desc())
      .where(sql`published and review = 'published' and deleted_at is null`),
    // The store's search: trigrams of searchText (db/queries/text-search.ts).
    index('apps_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Deleting a base finds the apps carrying it.
    index('apps_knowledge_base_idx').on(t.knowledgeBaseId).where(sql`knowledge_base_id is not null`),
  ],
);

export type App = typeof apps.$inferSelect;
