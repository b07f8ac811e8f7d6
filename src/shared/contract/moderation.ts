import { z } from '@hono/zod-openapi';
import { REVIEW_STATES } from '../moderation';
import { REPORT_KINDS, REPORT_REASONS, REVIEW_KINDS } from '../moderation-reports';

/**
 * Moderation's replies: the console's review queue, word list and report queue
 * (src/server/api/moderation/, docs/console.md), and an item's review state as its author sees it.
 */

/** What may wait before it is published: a drawing, a song or an app. */
export { REVIEW_KINDS, type ReviewKind } from '../moderation-reports';

/** Where an item stands with moderators, as its author's own lists show it ("审核中" when pending). */
export const reviewState = z.enum(REVIEW_STATES).openapi({ description: 'published | pending | hidden' });

/** One item waiting in the queue: what it shows, who made it, what the moderation provider says of its texts. */
export const reviewItem = z
  .object({
    kind: z.enum(REVIEW_KINDS),
    /** A picture's or song's task id, an app's number (as text). */
    id: z.string(),
    title: z.string(),
    text: z.string().openapi({ description: 'prompt, lyrics or app prompt' }),
    preview: z.string().nullable().openapi({ description: 'thumbnail, cover or icon URL; emoji:… for an emoji icon' }),
    author: z.object({ id: z.number().int(), nickname: z.string().nullable(), email: z.string().nullable() }),
    since: z.string(),
    verdict: z.object({
      verdict: z.enum(['pass', 'violation', 'sensitive', 'unknown']),
      reason: z.string().nullable(),
    }),
  })
  .openapi('ReviewItem');
export type ReviewItem = z.infer<typeof reviewItem>;

export const reviewQueue = z.object({ items: z.array(reviewItem), total: z.number().int() });
export type ReviewQueue = z.infer<typeof reviewQueue>;

/** One saved version of the console's word list. */
export const wordListVersion = z
  .object({
    id: z.number().int(),
    words: z.object({ violation: z.array(z.string()), sensitive: z.array(z.string()), removed: z.array(z.string()) }),
    authorEmail: z.string().nullable(),
    revertedFrom: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .openapi('WordListVersion');
export type WordListVersion = z.infer<typeof wordListVersion>;

export const wordListHistory = z.object({
  current: wordListVersion.nullable(),
  versions: z.array(wordListVersion),
  builtIn: z.object({ violation: z.number().int(), sensitive: z.number().int() }),
});
export type WordListHistory = z.infer<typeof wordListHistory>;

/** A decision: the item and where it stands now; applied false (nothing else) when it was no longer pending. */
export const reviewDecided = z
  .object({
    applied: z.boolean(),
    kind: z.enum(REVIEW_KINDS).optional(),
    id: z.string().optional(),
    review: z.enum(['published', 'hidden']).optional(),
  })
  .openapi('ReviewDecided');

/**
 * The console's report queue (docs/console.md, "reports"): one entry per
 * reported item. The browser imports the types only.
 */
export const ReportEntry = z.object({
  id: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  createdAt: z.string(),
  /** Logged-in reporter, or null for a visitor. */
  reporterId: z.number().int().nullable(),
});

export const ReportedItem = z.object({
  kind: z.enum(REPORT_KINDS),
  id: z.string(),
  /** Null when the item was deleted since (its reports can still be dismissed). */
  review: z.enum(REVIEW_STATES).nullable(),
  title: z.string(),
  /** The texts the moderation provider judges (prompt, lyrics, app prompt, a share's messages), cut short. */
  text: z.string(),
  /** Thumbnail, cover or icon, readable by the console (signed when private). */
  preview: z.string().nullable(),
  /** Where the public sees it. */
  href: z.string().nullable(),
  author: z.object({ id: z.number().int(), nickname: z.string(), banned: z.boolean() }).nullable(),
  openReports: z.number().int(),
  lastReportAt: z.string().nullable(),
  reports: z.array(ReportEntry),
  /** The moderation provider's verdict on the item's texts. */
  verdict: z.object({ verdict: z.enum(['pass', 'violation', 'sensitive', 'unknown']), reason: z.string().nullable() }),
});
export type ReportedItem = z.infer<typeof ReportedItem>;

export const ReportQueue = z.object({
  records: z.array(ReportedItem),
  total: z.number().int(),
  current: z.number().int(),
  size: z.number().int(),
});
export type ReportQueue = z.infer<typeof ReportQueue>;
