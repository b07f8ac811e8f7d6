import { LRUCache } from 'lru-cache';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { IslandI18nProps } from '../../lib/island-i18n';
import type { DrawAppProps } from './draw/DrawApp';
import { DrawPreview } from './draw/DrawPreview';

/**
 * /draw's and /sd's server-rendered first view (DrawPreview, never hydrated) as HTML. With
 * no draft it depends only on the language, the form (advanced or not) and page 1 of the
 * square, so it is rendered once per `version` of that page (its ETag) and kept: rendering
 * it was most of those pages' server time. A draft (a picture's prompt) is rendered each time.
 * Server only: DrawSkeleton.astro calls it.
 */
const kept = new LRUCache<string, string>({ max: 32 });

/** useId's prefix: the page's islands take Astro's (r0, r1…), so the preview's ids never clash with theirs. */
const ID_PREFIX = 'p';
/** React hoists preloads of its high-priority images into the markup; in a body they do nothing (Astro drops them too). */
const HOISTED = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

export function drawPreviewHtml(props: IslandI18nProps & DrawAppProps, version: string | null): string {
  const render = () =>
    renderToString(createElement(DrawPreview, props), { identifierPrefix: ID_PREFIX }).replace(HOISTED, '');
  if (version === null || props.draft) return render();
  const key = `${props.lang}|${props.advanced ? 'advanced' : 'plain'}|${version}`;
  const hit = kept.get(key);
  if (hit !== undefined) return hit;
  const html = render();
  kept.set(key, html);
  return html;
}
