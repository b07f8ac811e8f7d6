import type { Runtime } from '../../runtime';
import { notifiedCache } from '../notified-cache';

/** NOTIFY channel: a trigger on apps (migration 0029) announces every committed change, whoever made it. */
export const APPS_CHANNEL = 'miaobi_apps';
/** Safety net: a lost notification cannot keep a stale store page longer than this. */
const TTL_MS = 5 * 60_000;

/**
 * The store's pages (searches too: the store is small and everyone gets the same answer), kept in
 * each process until the apps table changes; one object per kept page (api: `sharedReply`).
 */
export const storeCache = notifiedCache({ name: 'app store', channel: APPS_CHANNEL, ttlMs: TTL_MS, maxEntries: 500 });

/**
 * Drops the kept store pages here at once and, through the channel, everywhere: a change made for a
 * request (an app published, a takedown, an account deleted) shows on the next read, not after the
 * trigger's notification comes back.
 */
export const forgetStore = (rt: Runtime) => storeCache.invalidate(rt);
