import { WEB_SEARCH_DEFAULT_BASE } from '../../../shared/web-search';
import { createBochaSearch } from './bocha';
import { createSandboxSearch } from './sandbox';
import { createSearxngSearch } from './searxng';
import { createTavilySearch } from './tavily';
import type { WebSearchProvider, WebSearchTarget } from './types';
import { createZhipuSearch } from './zhipu';

export type { WebHit, WebSearchErrorKind, WebSearchProvider, WebSearchTarget } from './types';
export { WebSearchError } from './types';

/** The adapter for a setting; the provider registry calls it once per setting and keeps it. */
export function createWebSearchProvider(t: WebSearchTarget): WebSearchProvider {
  const o = { baseUrl: (t.baseUrl || WEB_SEARCH_DEFAULT_BASE[t.provider]).replace(/\/+$/, ''), apiKey: t.secret };
  switch (t.provider) {
    case 'bocha':
      return createBochaSearch(o);
    case 'tavily':
      return createTavilySearch(o);
    case 'searxng':
      return createSearxngSearch(o);
    case 'zhipu':
      return createZhipuSearch(o);
    default:
      return createSandboxSearch();
  }
}
