import { hostOf, httpOnly, isRecord, searchCall, str } from './http';
import { type WebHit, WebSearchError, type WebSearchProvider } from './types';

/**
 * SearXNG's search API: GET {base}/search?q=…&format=json (the instance must list `json` under
 * search.formats in settings.yml, else it answers 403). Reply: {query, number_of_results,
 * results: [{url, title, content, engine, publishedDate?}], answers, suggestions, …}. It takes no
 * result count, so the list is cut here. An instance behind a key takes it as a Bearer token.
 */
export function createSearxngSearch(o: { baseUrl: string; apiKey: string }): WebSearchProvider {
  return {
    name: 'searxng',
    async search(query, { count, signal }) {
      const params = new URLSearchParams({ q: query, format: 'json', safesearch: '1' });
      const body = await searchCall(`${o.baseUrl}/search?${params}`, {
        method: 'GET',
        headers: o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {},
        signal,
      });
      if (!isRecord(body) || !Array.isArray(body.results)) throw new WebSearchError('shape');
      const hits: WebHit[] = body.results.filter(isRecord).map((r) => ({
        title: str(r.title),
        url: str(r.url),
        site: hostOf(str(r.url)),
        snippet: str(r.content),
        readable: true,
      }));
      return httpOnly(hits).slice(0, count);
    },
  };
}
