/**
 * Where a published item (picture, song, app) stands with the site's moderators
 * (docs/state-machines.md). Only `published` items are shown to anyone but their author.
 */
export const ReviewState = {
  /** Visible to everyone it was shared with. */
  PUBLISHED: 'published',
  /** Waiting for a moderator (publishing policy "review first"); the author sees "审核中". */
  PENDING: 'pending',
  /** Taken down by a moderator: gone from every public list, its page answers 410. */
  HIDDEN: 'hidden',
} as const;
export type ReviewState = (typeof ReviewState)[keyof typeof ReviewState];
export const REVIEW_STATES = Object.values(ReviewState) as [ReviewState, ...ReviewState[]];
