import type { Runtime } from '../../runtime';

/**
 * Data the cached pages show that has no cache (and channel) of its own:
 * notices, songs. Whoever changes it calls `invalidatePages`; every process's
 * page cache drops its pages (services/pages/page-cache.ts).
 */
export const PAGES_CHANNEL = 'miaobi_pages';

export async function invalidatePages(rt: Runtime): Promise<void> {
  await rt.database.notifier
    .publish(PAGES_CHANNEL, '')
    .catch((err: Error) => rt.log.warn('page cache notify failed', { err: err.message }));
}
