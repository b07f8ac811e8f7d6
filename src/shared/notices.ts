/** Notice kinds, pages and audiences (docs/console.md), shared by the server and the console islands. */
export const NOTICE_KINDS = ['announcement', 'banner'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Pages that show banners (src/components/activity/NoticeBanner.astro, the chat page). */
export const BANNER_PAGES = ['chat', 'draw'] as const;
export type BannerPage = (typeof BANNER_PAGES)[number];

/** Who sees a notice: everyone, people without a login, or members (membership not ended). */
export const NOTICE_AUDIENCES = ['all', 'visitors', 'members'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

/**
 * Longest text of a notice in one language: three languages of it stay under
 * the 16 KB body a console request (cookie, no login token) may send (src/server/body-limits.ts).
 */
export const NOTICE_MAX = 1000;

/** Limits of a code batch made in the console. */
export const CODE_BATCH_MAX = 5000;
