import { z } from '@hono/zod-openapi';
import { REVIEW_STATES } from '../moderation';
import { REPORT_KINDS, REPORT_REASONS } from '../moderation-reports';

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
