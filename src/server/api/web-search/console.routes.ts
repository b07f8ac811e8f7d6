import { createRoute } from '@hono/zod-openapi';
import { applied, requestOnly } from '../../../shared/contract/admin';
import { WebSearchConsole, WebSearchProbe, webSearchFields } from '../../../shared/contract/web-search-console';
import { access } from '../access';
import { codes, tags } from '../admin/console-kit';
import { jsonBody, jsonResponses } from '../route-kit';

// The console's web search page (docs/web-search.md#console): admins only. A stored key is never
// answered again, only its last four characters.

export const readWebSearch = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/web-search',
  tags,
  summary: 'The web search setting (key masked), whether it runs, and searches per day and provider (admin)',
  responses: jsonResponses(WebSearchConsole, codes),
});

export const changeWebSearch = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/web-search',
  tags,
  summary: 'Picks the web search provider, its address, key and cost per search (admin; a new key needs a fresh code)',
  request: { body: jsonBody(webSearchFields) },
  responses: jsonResponses(applied, {
    ...codes,
    400: 'a provider without its key or address, or the sandbox on a public origin',
  }),
});

export const resetWebSearch = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/web-search/reset',
  tags,
  summary: "Drops the console's setting: the environment's WEB_SEARCH_* apply again (admin)",
  request: { body: jsonBody(requestOnly) },
  responses: jsonResponses(applied, codes),
});

export const testWebSearch = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/web-search/test',
  tags,
  summary: 'One real search with the saved setting: whether the service answers, and why not in plain words (admin)',
  responses: jsonResponses(WebSearchProbe, codes),
});
