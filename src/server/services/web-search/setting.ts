import { WEB_SEARCH_PROVIDERS, type WebSearchProviderName } from '../../../shared/web-search';
import { webSearchEnvSchema } from '../../config/web-search';
import { webSearchSettings } from '../../db/schema';
import type { WebSearchTarget } from '../../providers/web-search';
import type { Runtime } from '../../runtime';
import { sandboxAllowed } from '../../sandbox';
import { channelBox } from '../channels/box';
import { notifiedCache } from '../notified-cache';
import { SETTINGS_CHANNEL } from '../site-settings';

/** The effective web search setting: the console's row when it has one, else the environment's. */
export interface WebSearchSetting {
  provider: WebSearchProviderName | 'off';
  baseUrl: string;
  /** The key opened ('' when none, or when it no longer opens); in memory only. */
  secret: string;
  last4: string;
  /** What one search costs upstream, in micro-yuan. */
  costMicros: number;
  source: 'console' | 'env';
  updatedAt: string | null;
}

// Dropped on the settings' NOTIFY, as the registry's adapters are (bootstrap.ts listens for both).
const cache = notifiedCache({ name: 'web-search', channel: SETTINGS_CHANNEL, ttlMs: 60_000, maxEntries: 1 });

export function webSearchSetting(rt: Runtime): Promise<WebSearchSetting> {
  return cache.get(rt, 'setting', async () => {
    const [row] = await rt.database.db.select().from(webSearchSettings);
    if (!row) return envSetting(rt);
    let secret = '';
    if (row.sealed) {
      try {
        secret = channelBox(rt).open(row.sealed);
      } catch {
        // Sealed with another CHANNEL_KEY_SECRET: the operator enters the key again.
        rt.log.warn('web search key does not open');
      }
    }
    const known = (WEB_SEARCH_PROVIDERS as readonly string[]).includes(row.provider);
    return {
      provider: known ? (row.provider as WebSearchProviderName) : 'off',
      baseUrl: row.baseUrl,
      secret,
      last4: row.last4,
      costMicros: row.costMicros,
      source: 'console',
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

function envSetting(rt: Runtime): WebSearchSetting {
  const env = webSearchEnvSchema.parse(rt.env);
  const secret = env.WEB_SEARCH_API_KEY ?? '';
  return {
    provider: env.WEB_SEARCH_PROVIDER ?? 'off',
    baseUrl: env.WEB_SEARCH_BASE_URL ?? '',
    secret,
    last4: secret.slice(-4),
    costMicros: env.WEB_SEARCH_COST_MICROS,
    source: 'env',
    updatedAt: null,
  };
}

/**
 * The adapter's target, or null when web search is off: no provider, the key or address it
 * needs missing (a key that no longer opens), or the sandbox on a public origin without
 * ALLOW_SANDBOX (never silently live there).
 */
export async function searchTarget(rt: Runtime): Promise<WebSearchTarget | null> {
  const s = await webSearchSetting(rt);
  if (s.provider === 'off') return null;
  if (s.provider === 'sandbox' && !sandboxAllowed(rt.env)) return null;
  if ((s.provider === 'bocha' || s.provider === 'tavily' || s.provider === 'zhipu') && !s.secret) return null;
  if (s.provider === 'searxng' && !s.baseUrl) return null;
  return { provider: s.provider, baseUrl: s.baseUrl, secret: s.secret };
}

/** This process and, through NOTIFY, every other reads the setting again (and rebuilds the adapter). */
export function forgetWebSearchSetting(rt: Runtime): Promise<void> {
  return cache.invalidate(rt);
}
