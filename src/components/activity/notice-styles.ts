/** A page banner's box (NoticeBanner.astro); the console's notice preview draws the same. */
export const NOTICE_BANNER_CLASS =
  'rounded-xl bg-brand-50 px-4 py-2 text-sm text-brand-800 ring-1 ring-brand-100 dark:bg-brand-500/10 dark:text-brand-100 dark:ring-brand-500/20';
