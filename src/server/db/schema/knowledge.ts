import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { KnowledgeFileKind, KnowledgeFileStatus } from '../../../shared/contract/knowledge';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A user's knowledge base (docs/knowledge.md): a named set of files answers can cite. */
export const knowledgeBases = pgTable(
  'knowledge_bases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The push taskId its files' progress goes out on (registered private to the owner). */
    channel: text('channel').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The IVF index's latest generation of centroids (never reused; services/knowledge/ivf.ts). */
    ivfGen: integer('ivf_gen').notNull().default(0),
    /** The embedding model and passage count the current centroids were built from (null: no index). */
    ivfModel: text('ivf_model'),
    ivfPassages: integer('ivf_passages').notNull().default(0),
    /** A process building the base's index holds it until then. */
    ivfLeaseUntil: timestamp('ivf_lease_until', { withTimezone: true }),
  },
  (t) => [index('knowledge_bases_user_idx').on(t.userId, t.id)],
);

/**
 * One file or web page of a base. Its bytes sit in the storage provider (private); ingestion is a
 * leased background task (services/knowledge/worker.ts) moving it queued → parsing → chunking →
 * indexing → ready, or failed with a reason key (translated when shown).
 */
export const knowledgeFiles = pgTable(
  'knowledge_files',
  {
    id: serial('id').primaryKey(),
    baseId: integer('base_id')
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<KnowledgeFileKind>().notNull(),
    sourceUrl: text('source_url'),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status').$type<KnowledgeFileStatus>().notNull().default('queued'),
    /** A `knowledge:` locale key naming why it failed. */
    failReason: text('fail_reason'),
    /** The owner's language when added: pushes are written in it. */
    lang: text('lang').notNull(),
    chunks: integer('chunks').notNull().default(0),
    chars: integer('chars').notNull().default(0),
    truncated: boolean('truncated').notNull().default(false),
    /** The embedding model its chunks' vectors are of; null when none (keyword search only). */
    embeddedModel: text('embedded_model'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_files_base_idx').on(t.baseId, t.id),
    index('knowledge_files_user_idx').on(t.userId),
    index('knowledge_files_work_idx').on(t.id).where(sql`status in ('queued', 'parsing', 'chunking', 'indexing')`),
  ],
);

/**
 * A passage of a file: its text, the jieba-segmented words the keyword search reads (as a
 * `simple` tsvector the database keeps), and its unit-length embedding when one was made.
 */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => knowledgeFiles.id, { onDelete: 'cascade' }),
    baseId: integer('base_id').notNull(),
    userId: integer('user_id').notNull(),
    ord: integer('ord').notNull(),
    page: integer('page'),
    heading: text('heading'),
    text: text('text').notNull(),
    terms: text('terms').notNull(),
    tsv: tsvector('tsv').notNull().generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, "terms")`),
    embedding: real('embedding').array(),
    /** The IVF list (centroid) its vector is in; null: searched exactly (no index, or not yet assigned). */
    ivfList: bigint('ivf_list', { mode: 'number' }).references(() => knowledgeCentroids.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('knowledge_chunks_file_idx').on(t.fileId, t.ord),
    index('knowledge_chunks_base_idx').on(t.baseId),
    index('knowledge_chunks_tsv_idx').using('gin', t.tsv),
    index('knowledge_chunks_ivf_idx').on(t.ivfList),
    index('knowledge_chunks_unlisted_idx').on(t.baseId).where(sql`ivf_list is null`),
  ],
);

/**
 * An IVF list's centroid (services/knowledge/ivf.ts): k-means over a base's vectors of one model,
 * unit length. A rebuild writes a new generation before the old one is deleted.
 */
export const knowledgeCentroids = pgTable(
  'knowledge_centroids',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    baseId: integer('base_id')
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: 'cascade' }),
    gen: integer('gen').notNull(),
    model: text('model').notNull(),
    dims: integer('dims').notNull(),
    ord: integer('ord').notNull(),
    centroid: real('centroid').array().notNull(),
  },
  (t) => [index('knowledge_centroids_base_idx').on(t.baseId, t.model, t.dims, t.gen)],
);

export type KnowledgeBaseRow = typeof knowledgeBases.$inferSelect;
export type KnowledgeFileRow = typeof knowledgeFiles.$inferSelect;
