import { LRUCache } from 'lru-cache';

/**
 * The layout's chrome (the navigation, the top bar's controls, the footer, the
 * install prompt), /draw's first view (draw-preview-html.ts) and /chat's fallback as HTML, kept per key. Rendering it was a sixth of an
 * uncached page's server time (bench/RESULTS.md), and it is the same for
 * every request with the same language, active section and settings. A key
 * names everything its fragment reads, so a kept fragment is never stale; the
 * bound drops the ones no longer asked for (a replaced ICP number).
 */
const kept = new LRUCache<string, string>({ max: 512 });

/** Islands and scripts are emitted once per page, by whichever comes first: their HTML cannot be replayed. */
const PER_PAGE = /<(?:astro-island|script)\b/;

/** The HTML kept under `key`, rendered by `render` the first time (and on every request while developing). */
export async function keptHtml(key: string, render: () => Promise<string>): Promise<string> {
  const hit = kept.get(key);
  if (hit !== undefined) return hit;
  const html = await render();
  if (PER_PAGE.test(html)) throw new Error(`kept fragment ${key} holds an island or a script`);
  if (!import.meta.env.DEV) kept.set(key, html);
  return html;
}
