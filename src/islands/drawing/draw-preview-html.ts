import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { keptHtml } from '../../components/kept-html';
import type { IslandI18nProps } from '../../lib/island-i18n';
import type { DrawAppProps } from './draw/DrawApp';
import { DrawPreview } from './draw/DrawPreview';

/**
 * /draw's and /sd's server-rendered first view (DrawPreview, never hydrated) as HTML. With
 * no draft it depends only on the language, the form (advanced or not) and page 1 of the
 * square, so it is rendered once per `version` of that page (its ETag) and kept: rendering
 * it was most of those pages' server time (kept-html.ts keeps it, as it keeps the layout's
 * chrome). A draft (a picture's prompt) is rendered each time. Server only: DrawSkeleton.astro calls it.
 */

/** useId's prefix: the page's islands take Astro's (r0, r1…), so the preview's ids never clash with theirs. */
const ID_PREFIX = 'p';
/** React hoists preloads of its high-priority images into the markup; in a body they do nothing (Astro drops them too). */
const HOISTED = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

export async function drawPreviewHtml(props: IslandI18nProps & DrawAppProps, version: string | null): Promise<string> {
  const render = () =>
    renderToString(createElement(DrawPreview, props), { identifierPrefix: ID_PREFIX }).replace(HOISTED, '');
  if (version === null || props.draft) return render();
  return keptHtml(`draw-preview:${props.lang}|${props.advanced ? 'advanced' : 'plain'}|${version}`, async () =>
    render(),
  );
}
