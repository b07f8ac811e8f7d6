import { hostOf, httpOnly, isRecord, searchCall, str } from './http';
import { type WebHit, WebSearchError, type WebSearchProvider } from './types';

/**
 * Tavily Search: POST {base}/search, `Authorization: Bearer {key}`, body {query, max_results
 * (0–20), search_depth: 'basic', include_answer: false}. Reply: {query, results: [{title, url,
 * content, score, published_date?}], response_time}. `content` is the excerpt Tavily picked for
 * the query; Tavily names no site, so the host stands in.
 */
export function createTavilySearch(o: { baseUrl: string; apiKey: string }): WebSearchProvider {
  const url = `${o.baseUrl}/search`;
  return {
    name: 'tavily',
    async search(query, { count, signal }) {
      const body = await searchCall(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${o.apiKey}` },
        json: { query, max_results: Math.min(20, count), search_depth: 'basic', include_answer: false },
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
