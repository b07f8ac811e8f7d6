import { hostOf, httpOnly, isRecord, searchCall, str } from './http';
import { type WebHit, WebSearchError, type WebSearchProvider } from './types';

/**
 * 智谱 Zhipu (BigModel) Web Search API: POST {base}/web_search (base https://open.bigmodel.cn/api/paas/v4),
 * `Authorization: Bearer {key}`, body {search_query, search_engine: 'search_std', count (1–50),
 * content_size: 'medium'}. Reply: {id, created, request_id, search_result: [{title, content,
 * link, media, icon, refer, publish_date}]}; `media` is the site's name. Failures come as
 * {error: {code, message}} with a 4xx/5xx status.
 */
export function createZhipuSearch(o: { baseUrl: string; apiKey: string }): WebSearchProvider {
  const url = `${o.baseUrl}/web_search`;
  return {
    name: 'zhipu',
    async search(query, { count, signal }) {
      const body = await searchCall(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${o.apiKey}` },
        json: { search_query: query, search_engine: 'search_std', count: Math.min(50, count), content_size: 'medium' },
        signal,
      });
      if (!isRecord(body)) throw new WebSearchError('shape');
      // No search_result: the service judged the query needs no search (its intent check).
      if (body.search_result === undefined && typeof body.id === 'string') return [];
      if (!Array.isArray(body.search_result)) throw new WebSearchError('shape');
      const hits: WebHit[] = body.search_result.filter(isRecord).map((r) => ({
        title: str(r.title),
        url: str(r.link),
        site: str(r.media) || hostOf(str(r.link)),
        snippet: str(r.content),
        readable: true,
      }));
      return httpOnly(hits).slice(0, count);
    },
  };
}
