import type { Runtime } from '../../runtime';
import { announce } from '../notified-cache';

/**
 * Data the cached pages show that has no cache (and channel) of its own:
 * notices, songs. Whoever changes it calls `invalidatePages`; every process's
 * page cache drops its pages (services/pages/page-cache.ts).
 */
export const PAGES_CHANNEL = 'miaobi_pages';

/** This process's caches of the channel drop at once (notified-cache.ts), every page cache on its NOTIFY. */
export function invalidatePages(rt: Runtime): Promise<void> {
  return announce(rt, PAGES_CHANNEL, 'page cache');
}
