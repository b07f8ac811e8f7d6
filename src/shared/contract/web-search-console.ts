import { z } from '@hono/zod-openapi';
import { normalBaseUrl } from '../channels';
import { WEB_SEARCH_CHOICES } from '../web-search';
import { requestId, totpCode } from './admin';
import { safeString } from './input';

/** The console's web search page (docs/web-search.md#console): the setting, never the key itself. */

const count = z.number().int();

export const WebSearchConsole = z
  .object({
    setting: z.object({
      provider: z.enum(WEB_SEARCH_CHOICES),
      baseUrl: z.string(),
      hasKey: z.boolean(),
      /** The key's last four characters ('' without one). */
      last4: z.string(),
      costMicros: count,
      source: z.enum(['console', 'env']),
      updatedAt: z.string().nullable(),
    }),
    /** Whether searches can run now (a provider with what it needs; the sandbox only where allowed). */
    active: z.boolean(),
    /** Whether the sandbox may be picked here (a loopback origin, or ALLOW_SANDBOX=true). */
    sandboxAllowed: z.boolean(),
    /** Searches per site day, the last 14 days, oldest first. */
    days: z.array(z.object({ day: z.string(), searches: count, failed: count, costMicros: count })),
    /** The same 14 days by provider. */
    providers: z.array(
      z.object({
        provider: z.string(),
        searches: count,
        failed: count,
        costMicros: count,
        lastFailAt: z.string().nullable(),
      }),
    ),
  })
  .openapi('WebSearchConsole');
export type WebSearchConsole = z.infer<typeof WebSearchConsole>;

export const WebSearchProbe = z
  .object({
    ok: z.boolean(),
    /** Why it failed (websearch:errors.<kind>), null when it worked. */
    kind: z.string().nullable(),
    results: count,
    ms: count,
    message: z.string(),
  })
  .openapi('WebSearchProbe');
export type WebSearchProbe = z.infer<typeof WebSearchProbe>;

/** POST /api/admin/web-search: the setting the console saves. */
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
export type WebSearchFields = z.infer<typeof webSearchFields>;
