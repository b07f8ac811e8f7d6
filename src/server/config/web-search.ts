import { z } from 'zod';
import { WEB_SEARCH_NEEDS, WEB_SEARCH_PROVIDERS } from '../../shared/web-search';

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/**
 * Web search's environment variables (docs/web-search.md), spread into config/env.ts's schema.
 * The provider, key and address are the default the console's own setting overrides.
 */
export const webSearchEnvShape = {
  /** bocha | tavily | searxng | zhipu | sandbox; unset: no web search (until the console sets one). */
  WEB_SEARCH_PROVIDER: z.enum(WEB_SEARCH_PROVIDERS).optional(),
  WEB_SEARCH_API_KEY: z.string().min(1).max(512).optional(),
  /** The service's address: required for SearXNG, else its documented public endpoint. */
  WEB_SEARCH_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
  /** What one search costs upstream, in micro-yuan (the usage ledger's cost). */
  WEB_SEARCH_COST_MICROS: int(0, 1_000_000_000, 0),
  /** Searches a day (site time zone) per level; 0 turns it off for that level. */
  WEB_SEARCH_VISITOR_DAILY: int(0, 100_000, 0),
  WEB_SEARCH_FREE_DAILY: int(0, 100_000, 5),
  WEB_SEARCH_MEMBER_DAILY: int(0, 1_000_000, 50),
};

export const webSearchEnvSchema = z.object(webSearchEnvShape);
export type WebSearchEnv = z.infer<typeof webSearchEnvSchema>;

/** What is missing for the environment's provider, as start-up messages. */
export function webSearchEnvProblems(env: WebSearchEnv): string[] {
  const p = env.WEB_SEARCH_PROVIDER;
  if (!p) return [];
  const needs = WEB_SEARCH_NEEDS[p];
  const problems: string[] = [];
  if (needs.key && !env.WEB_SEARCH_API_KEY) problems.push(`WEB_SEARCH_PROVIDER=${p} needs WEB_SEARCH_API_KEY`);
  if (needs.baseUrl && !env.WEB_SEARCH_BASE_URL) problems.push(`WEB_SEARCH_PROVIDER=${p} needs WEB_SEARCH_BASE_URL`);
  return problems;
}
