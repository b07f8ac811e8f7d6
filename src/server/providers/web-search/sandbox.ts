import type { WebSearchProvider } from './types';

/**
 * Offline stand-in for a search service (WEB_SEARCH_PROVIDER=sandbox): a few results made from
 * the query, plainly marked, on reserved `.invalid` addresses whose pages are never fetched. Like
 * the sandbox payment it is refused on a public origin unless ALLOW_SANDBOX=true (sandbox.ts).
 */
export function createSandboxSearch(): WebSearchProvider {
  return {
    name: 'sandbox',
    async search(query, { count, signal }) {
      signal.throwIfAborted();
      const words = query.trim().slice(0, 200);
      return Array.from({ length: Math.min(3, count) }, (_, i) => ({
        title: `${words} — sandbox ${i + 1}`,
        url: `https://sandbox.invalid/${i + 1}?q=${encodeURIComponent(words)}`,
        site: 'sandbox.invalid',
        snippet: `Sandbox search result ${i + 1} for "${words}": no web search service is configured, so this text is made up.`,
        readable: false,
      }));
    },
  };
}
