import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { type ActionParams, type DrawAction, DrawingStatus } from '../../../shared/drawing';
import type { ReviewState } from '../../../shared/moderation';
import { modelChannels } from './channels';
import { users } from './users';

/** Drawing task status codes, shared with the browser (docs/state-machines.md). */
export { DrawingStatus };

/** Statuses a worker still has to move forward. */
export const UNFINISHED_STATUSES: readonly number[] = [
  DrawingStatus.SUBMITTED,
  DrawingStatus.CHECKING,
  DrawingStatus.DRAWING,
];

/**
 * One drawing task and, once done, its picture. The row is the task's queue
 * entry: workers claim unfinished rows whose lease ran out (FOR UPDATE SKIP
 * LOCKED), so a restarted or crashed process's work is picked up again.
 */
export const drawings = pgTable(
  'drawings',
  {
    id: serial('id').primaryKey(),
    /** Public id: push taskId, API id, /square/{taskId}. Lower-case, unguessable. */
    taskId: text('task_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Where it was asked for: draw, midjourney (image chat) or sd (advanced page). */
    source: text('source').notNull().default('draw'),
    prompt: text('prompt').notNull(),
    negativePrompt: text('negative_prompt'),
    /** Aspect ratio, e.g. 16:9. */
    drawRate: text('draw_rate').notNull(),
    /** 1 normal, 2 HD, 3 ultra HD. */
    drawQuality: integer('draw_quality').notNull(),
    drawSteps: integer('draw_steps').notNull(),
    seed: integer('seed').notNull(),
    /** 1 public, 2 private. */
    publicFlag: integer('public_flag').notNull(),
    /** Moderation: only `published` public pictures reach the square (shared/moderation.ts). */
    review: text('review').$type<ReviewState>().notNull().default('published'),
    /** Null for a drawing from the prompt; else the action done on the parent picture (shared/drawing.ts). */
    action: text('action').$type<DrawAction>(),
    /** The picture acted on (its public id; it may be deleted since). */
    parentTaskId: text('parent_task_id'),
    /** The action's index, strength, zoom or direction, so a retry repeats it. */
    actionParams: jsonb('action_params').$type<Omit<ActionParams, 'action'>>(),
    /** The picture is a 2×2 grid of four candidates (U1–U4 / V1–V4 apply). */
    grid: boolean('grid').notNull().default(false),
    /** midjourney-proxy: the buttons the finished task offered (customId, label, emoji), to act on it later. */
    providerButtons: jsonb('provider_buttons').$type<{ customId: string; label: string; emoji: string }[]>(),
    /** The caller's own `state`, echoed back. */
    state: text('state'),
    status: integer('status').notNull(),
    progress: integer('progress').notNull().default(0),
    /** Image provider mode the task runs on. */
    provider: text('provider').notNull(),
    /** The provider's own task id (midjourney-proxy), so a resumed task polls instead of resubmitting. */
    providerTaskId: text('provider_task_id'),
    /** The model channel that took the task (null: the environment's provider), polled again on resume. */
    channelId: integer('channel_id').references(() => modelChannels.id, { onDelete: 'set null' }),
    /** Secret part of this task's notifyHook URL. */
    hookToken: text('hook_token').notNull(),
    failReason: text('fail_reason'),
    imageUrl: text('image_url'),
    thumbnailsUrl: text('thumbnails_url'),
    width: integer('width'),
    height: integer('height'),
    attempts: integer('attempts').notNull().default(0),
    /** Until when a worker holds the task; null or past: free to claim. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Past this time an unfinished task fails with status 11. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The prompt as the square's search reads it (db/queries/text-search.ts), kept by the database. */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`doubled_chars(lower("prompt"))`),
  },
  (t) => [
    uniqueIndex('drawings_task_id_idx').on(t.taskId),
    index('drawings_user_idx').on(t.userId, t.id),
    // My works: finished pictures only, newest first.
    index('drawings_user_done_idx').on(t.userId, t.id.desc()).where(sql`status = 10`),
    // The square and the public gallery: done, public pictures, newest first.
    index('drawings_public_idx').on(t.id).where(sql`status = 10 and public_flag = 1 and review = 'published'`),
    index('drawings_pending_idx').on(t.leaseUntil).where(sql`status in (1, 2, 13)`),
    // One running task per user (docs/state-machines.md), enforced by the database under any race.
    uniqueIndex('drawings_one_running_idx').on(t.userId).where(sql`status in (1, 2, 13)`),
    index('drawings_created_at_idx').on(t.createdAt),
    index('drawings_failed_idx').on(t.updatedAt).where(sql`status = 11`),
    // The console's review queue, oldest first.
    index('drawings_review_idx').on(t.updatedAt).where(sql`review = 'pending'`),
    // The square's search: trigrams of the lowercased prompt, each character doubled (db/queries/text-search.ts).
    index('drawings_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** Reference images (base64Array) of a task, decoded, checked and re-encoded at submit. */
export const drawingReferences = pgTable(
  'drawing_references',
  {
    id: serial('id').primaryKey(),
    drawingId: integer('drawing_id')
      .notNull()
      .references(() => drawings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** `reference` (base64Array) or `mask` (an inpaint's, white is repainted). */
    role: text('role').$type<'reference' | 'mask'>().notNull().default('reference'),
    /** PNG bytes, base64. */
    data: text('data').notNull(),
  },
  (t) => [index('drawing_references_drawing_idx').on(t.drawingId, t.position)],
);

export type Drawing = typeof drawings.$inferSelect;
