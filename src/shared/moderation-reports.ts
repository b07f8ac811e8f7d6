/**
 * Reports of public items and what moderators do with them (docs/state-machines.md, "reports"),
 * shared by the report dialog, the API and the console's report queue.
 */
export const REPORT_KINDS = ['drawing', 'song', 'video', 'app', 'share'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** What may wait for a moderator before it is published (a shared conversation publishes at once). */
export const REVIEW_KINDS = ['drawing', 'song', 'video', 'app'] as const satisfies readonly ReportKind[];
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export const REPORT_REASONS = ['illegal', 'pornographic', 'violent', 'infringing', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reporter's own words: required for 'other', optional otherwise. */
export const REPORT_TEXT_MAX = 500;

/** How a report was closed. */
export type ReportOutcome = 'hidden' | 'dismissed';

/** A moderator's actions on a reported item in the console. */
export const REPORT_ACTIONS = ['hide', 'restore', 'dismiss', 'ban'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** What the author is told (services/moderation/author-notice.ts); review-before-publish adds the last two. */
export type AuthorNoticeAction = 'hidden' | 'restored' | 'rejected' | 'approved';

/** Window event opening the report dialog (islands/moderation/ReportDialog.tsx), loaded on its first use. */
export const OPEN_REPORT_EVENT = 'miaobi:report';

export interface ReportTarget {
  kind: ReportKind;
  id: string;
}
