import { hostOf, httpOnly, isRecord, searchCall, str } from './http';
import { type WebHit, WebSearchError, type WebSearchProvider } from './types';

/**
 * 博查 Bocha Web Search API: POST {base}/v1/web-search, `Authorization: Bearer {key}`, body
 * {query, count (1–50), summary, freshness}. The reply follows Bing's shape inside an envelope:
 * {code: 200, msg, log_id, data: {_type: 'SearchResponse', webPages: {value: [{name, url,
 * snippet, summary, siteName, datePublished, …}]}}}. `summary` (with summary: true) is the
 * longer excerpt; an envelope code other than 200 is a failure even on HTTP 200.
 */
export function createBochaSearch(o: { baseUrl: string; apiKey: string }): WebSearchProvider {
  const url = `${o.baseUrl}/v1/web-search`;
  return {
    name: 'bocha',
    async search(query, { count, signal }) {
      const body = await searchCall(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${o.apiKey}` },
        json: { query, count: Math.min(50, count), summary: true, freshness: 'noLimit' },
        signal,
      });
      if (!isRecord(body)) throw new WebSearchError('shape');
      if (typeof body.code === 'number' && body.code !== 200)
        throw new WebSearchError(body.code === 401 || body.code === 403 ? 'badKey' : 'status', body.code);
      const pages = isRecord(body.data) && isRecord(body.data.webPages) ? body.data.webPages.value : undefined;
      // A search that found nothing may leave webPages out.
      if (pages === undefined && isRecord(body.data)) return [];
      if (!Array.isArray(pages)) throw new WebSearchError('shape');
      const hits: WebHit[] = pages.filter(isRecord).map((p) => ({
        title: str(p.name),
        url: str(p.url),
        site: str(p.siteName) || hostOf(str(p.url)),
        snippet: str(p.summary) || str(p.snippet),
        readable: true,
      }));
      return httpOnly(hits).slice(0, count);
    },
  };
}
