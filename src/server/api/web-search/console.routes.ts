import { applied, requestOnly } from '../../../shared/contract/admin';
import { WebSearchConsole, WebSearchProbe, webSearchFields } from '../../../shared/contract/web-search-console';
import { consoleRoute } from '../admin/console-kit';
import { jsonBody } from '../route-kit';

// The console's web search page (docs/web-search.md#console): admins only. A stored key is never
// answered again, only its last four characters.

export const readWebSearch = consoleRoute('get', '/admin/web-search', WebSearchConsole, {
  summary: 'The web search setting (key masked), whether it runs, and searches per day and provider (admin)',
});

export const changeWebSearch = consoleRoute('post', '/admin/web-search', applied, {
  summary: 'Picks the web search provider, its address, key and cost per search (admin; a new key needs a fresh code)',
  request: { body: jsonBody(webSearchFields) },
  more: { 400: 'a provider without its key or address, or the sandbox on a public origin' },
});

export const resetWebSearch = consoleRoute('post', '/admin/web-search/reset', applied, {
  summary: "Drops the console's setting: the environment's WEB_SEARCH_* apply again (admin)",
  request: { body: jsonBody(requestOnly) },
});

export const testWebSearch = consoleRoute('post', '/admin/web-search/test', WebSearchProbe, {
  summary: 'One real search with the saved setting: whether the service answers, and why not in plain words (admin)',
});
