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
import type { ReviewState } from '../../../shared/moderation';
import { VideoStatus } from '../../../shared/video';
import { modelChannels } from './channels';
import { users } from './users';

/** Video task status codes, shared with the browser (docs/state-machines.md). */
export { VideoStatus };
export const RUNNING_VIDEO = [VideoStatus.QUEUED, VideoStatus.GENERATING];

/**
 * A video task (status, lease, deadline) and, once done, its files. Claimed with FOR UPDATE
 * SKIP LOCKED like songs and drawings (ARCHITECTURE.md); `charge` says where its count came
 * from ('free': the day's allowance, 'credits': a hold), so a failure refunds it there.
 */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    /** Public id: the push taskId. */
    taskId: text('task_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'text' (text-to-video) or 'image' (picture-to-video). */
    mode: text('mode').notNull(),
    prompt: text('prompt').notNull(),
    /** Seconds asked (5 or 10) and the shape ('16:9', '9:16', '1:1'). */
    duration: integer('duration').notNull(),
    aspect: text('aspect').notNull(),
    /** The reference picture as stored (picture-to-video). */
    referenceUrl: text('reference_url'),
    isPublic: boolean('is_public').notNull().default(false),
    review: text('review').$type<ReviewState>().notNull().default('published'),
    status: integer('status').notNull().default(VideoStatus.QUEUED),
    progress: integer('progress').notNull().default(0),
    provider: text('provider').notNull(),
    /** The upstream's task id once submitted, so a restart polls instead of submitting again. */
    providerRef: text('provider_ref'),
    /** The video channel that took the task (null: the environment's maker). */
    channelId: integer('channel_id').references(() => modelChannels.id, { onDelete: 'set null' }),
    videoUrl: text('video_url'),
    coverUrl: text('cover_url'),
    thumbUrl: text('thumb_url'),
    width: integer('width'),
    height: integer('height'),
    /** The made video's length in seconds. */
    seconds: real('seconds'),
    meta: jsonb('meta').$type<{ lang?: string }>().notNull().default({}),
    error: text('error'),
    charge: text('charge').notNull(),
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
    uniqueIndex('videos_task_id_idx').on(t.taskId),
    index('videos_user_idx').on(t.userId, t.createdAt),
    index('videos_public_idx').on(t.finishedAt).where(sql`is_public and status = 10 and review = 'published'`),
    index('videos_running_idx').on(t.createdAt).where(sql`status in (1, 2)`),
  ],
);

export type Video = typeof videos.$inferSelect;
