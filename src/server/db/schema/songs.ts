import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SongMeta } from '../../../shared/contract/music';
import type { ReviewState } from '../../../shared/moderation';
import { SongStatus } from '../../../shared/music';
import { modelChannels } from './channels';
import { users } from './users';

/** Song task status codes, shared with the browser (docs/state-machines.md). */
export { SongStatus };
export const RUNNING_SONG = [SongStatus.QUEUED, SongStatus.COMPOSING, SongStatus.RENDERING];

/**
 * A composition: the task (status, lease, deadline) and, once done, the song.
 * Work is claimed with FOR UPDATE SKIP LOCKED (ARCHITECTURE.md); `leaseUntil` lets
 * another process resume a task whose worker died, `deadline` fails one that
 * hangs. `charge` says where its count came from, so a failure refunds it there.
 */
export const songs = pgTable(
  'songs',
  {
    id: serial('id').primaryKey(),
    /** Public id: the push taskId and the /songsDetail?id= value. */
    taskId: text('task_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'inspiration' (a description) or 'custom' (title, style, lyrics). */
    mode: text('mode').notNull(),
    prompt: text('prompt').notNull().default(''),
    title: text('title').notNull().default(''),
    tags: text('tags').notNull().default(''),
    lyrics: text('lyrics').notNull().default(''),
    instrumental: boolean('instrumental').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    /** Moderation: only `published` public songs are listed (shared/moderation.ts). */
    review: text('review').$type<ReviewState>().notNull().default('published'),
    status: integer('status').notNull().default(SongStatus.QUEUED),
    progress: integer('progress').notNull().default(0),
    provider: text('provider').notNull(),
    /** The provider's own id once submitted (suno clip id), so a restart polls instead of resubmitting. */
    providerRef: text('provider_ref'),
    /** The model channel that took the task (null: the environment's provider), polled again on resume. */
    channelId: integer('channel_id').references(() => modelChannels.id, { onDelete: 'set null' }),
    audioUrl: text('audio_url'),
    coverUrl: text('cover_url'),
    /** Seconds. */
    duration: real('duration'),
    meta: jsonb('meta').$type<SongMeta>().notNull().default({}),
    error: text('error'),
    /** 'free' (today's allowance) or 'paid' (users.compositions_left). */
    charge: text('charge').notNull(),
    /** Start of the site day whose free allowance paid for it. */
    chargeDay: timestamp('charge_day', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    claimToken: text('claim_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('songs_task_id_idx').on(t.taskId),
    index('songs_user_idx').on(t.userId, t.createdAt),
    index('songs_public_idx').on(t.finishedAt).where(sql`is_public and status = 10 and review = 'published'`),
    index('songs_running_idx').on(t.createdAt).where(sql`status in (1, 2, 3)`),
    index('songs_created_at_idx').on(t.createdAt),
    index('songs_failed_idx').on(t.updatedAt).where(sql`status = 11`),
    // The console's review queue, oldest first.
    index('songs_review_idx').on(t.updatedAt).where(sql`review = 'pending'`),
  ],
);

export type Song = typeof songs.$inferSelect;
