import { z } from '@hono/zod-openapi';
import { REVIEW_STATES } from '../moderation';
import { REPORT_ACTIONS, REPORT_KINDS, REPORT_REASONS, REPORT_TEXT_MAX, REVIEW_KINDS } from '../moderation-reports';
import { WORD_LISTS, WORD_MAX, WORDS_MAX } from '../word-list';
import { reason, requestId } from './admin';
import { id, paging, pattern, safeString, text } from './input';

/**
 * Moderation's requests and replies: a report, the console's review queue, word list and report queue
 * (src/server/api/moderation/, docs/console.md), and an item's review state as its author sees it.
 */

/** A drawing's, song's or video's task id, an app's id, or a share's id. */
const itemId = pattern(/^[A-Za-z0-9_-]{1,64}$/, 64, { message: 'common:report.badItem' });

/** POST /api/report: a public item reported (visitors too). */
export const reportBody = z
  .object({
    kind: z.enum(REPORT_KINDS, { message: 'common:report.badItem' }),
    id: itemId,
    reason: z.enum(REPORT_REASONS, { message: 'common:report.badReason' }),
    text: text(REPORT_TEXT_MAX).default(''),
  })
  .superRefine((r, ctx) => {
    if (r.reason === 'other' && !r.text)
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'common:report.textRequired' });
  });
/** A report as the service takes it (the text defaulted). */
export type ReportBody = z.infer<typeof reportBody>;

/** GET /api/admin/reports: open reports or taken-down items, a page of them. */
export const reportQueueQuery = z
  .object({ state: z.enum(['open', 'hidden']).default('open') })
  .extend(paging(50, 20).shape);

/** POST /api/admin/reports/act: hide, restore, dismiss or ban the author, with a reason. */
export const moderateBody = z.object({
  kind: z.enum(REPORT_KINDS),
  id: itemId,
  action: z.enum(REPORT_ACTIONS),
  reason: text(500, 1),
  requestId: pattern(/^[A-Za-z0-9-]{8,64}$/, 64),
});

/** POST /api/admin/review/decide: approve (published) or reject (hidden) a pending item. */
export const reviewDecision = z.object({
  kind: z.enum(REVIEW_KINDS),
  id: pattern(/^[A-Za-z0-9_-]{1,64}$/, 64),
  action: z.enum(['approve', 'reject']),
  reason,
  requestId,
});
export type ReviewDecision = z.infer<typeof reviewDecision>;

/** One word: one line, no longer than WORD_MAX. */
const badWord = 'admin:words.badWord';
const word = safeString()
  .trim()
  .min(1, badWord)
  .max(WORD_MAX, badWord)
  .regex(/^[^\r\n]+$/, badWord);
const wordList = z.array(word).max(WORDS_MAX, 'admin:words.tooMany');
/** POST /api/admin/words: the word list saved as a new version. */
export const wordsBody = z
  .object({
    words: z.object({ violation: wordList, sensitive: wordList, removed: wordList }),
    reason,
    requestId,
  })
  .superRefine((b, ctx) => {
    const all = WORD_LISTS.reduce((n, k) => n + b.words[k].filter((w) => w.trim()).length, 0);
    if (all === 0) ctx.addIssue({ code: 'custom', path: ['words'], message: 'admin:words.empty' });
    if (all > WORDS_MAX) ctx.addIssue({ code: 'custom', path: ['words'], message: 'admin:words.tooMany' });
  });
/** POST /api/admin/words/revert: an earlier version made current again. */
export const revertWordsBody = z.object({ id: id(), reason, requestId });

/** What may wait before it is published: a drawing, a song, a video or an app. */
export { REVIEW_KINDS, type ReviewKind } from '../moderation-reports';

/** Where an item stands with moderators, as its author's own lists show it ("审核中" when pending). */
export const reviewState = z.enum(REVIEW_STATES).openapi({ description: 'published | pending | hidden' });

/** One item waiting in the queue: what it shows, who made it, what the moderation provider says of its texts. */
export const reviewItem = z
  .object({
    kind: z.enum(REVIEW_KINDS),
    /** A picture's, song's or video's task id, an app's number (as text). */
    id: z.string(),
    title: z.string(),
    text: z.string().openapi({ description: 'prompt, lyrics or app prompt' }),
    preview: z.string().nullable().openapi({ description: 'thumbnail, cover or icon URL; emoji:… for an emoji icon' }),
    media: z
      .string()
      .nullable()
      .openapi({ description: "a video's MP4, signed for the console; null for other kinds" }),
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

/** A word list saved or reverted: the new version when applied. */
export const wordListSaved = z.object({ applied: z.boolean(), version: wordListVersion.nullable() });

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
  /** A video's MP4 to play, signed like the preview; null for other kinds. */
  media: z.string().nullable(),
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
