import { z } from '@hono/zod-openapi';
import { WEB_SEARCH_CHOICES } from '../web-search';

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
