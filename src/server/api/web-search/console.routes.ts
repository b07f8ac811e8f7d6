import { createRoute, z } from '@hono/zod-openapi';
import { WebSearchConsole, WebSearchProbe } from '../../../shared/contract/web-search-console';
import { WEB_SEARCH_CHOICES } from '../../../shared/web-search';
import { normalBaseUrl } from '../../services/channels/store';
import { access } from '../access';
import { codes, requestId, tags, totpCode } from '../admin/console-kit';
import { jsonBody, jsonResponses } from '../route-kit';
import { safeString } from '../validation';

// The console's web search page (docs/web-search.md#console): admins only. A stored key is never
// answered again, only its last four characters.

export const webSearchFields = z.object({
  provider: z.enum(WEB_SEARCH_CHOICES, { error: 'websearch:console.providerInvalid' }),
  baseUrl: safeString()
    .trim()
    .max(500, 'websearch:console.urlInvalid')
    .refine((u) => u === '' || normalBaseUrl(u) !== null, { message: 'websearch:console.urlInvalid' }),
  /** A new key; '' or left out keeps the stored one. */
  secret: safeString().trim().max(512, 'websearch:console.keyTooLong').optional(),
  costMicros: z
    .number({ error: 'websearch:console.costRange' })
    .int('websearch:console.costRange')
    .min(0, 'websearch:console.costRange')
    .max(1_000_000_000, 'websearch:console.costRange'),
  /** A fresh TOTP code, needed with a new key (it spends the site's money). */
  code: totpCode.optional(),
  requestId,
});

const applied = z.object({ applied: z.boolean() });

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
  request: { body: jsonBody(z.object({ requestId })) },
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
