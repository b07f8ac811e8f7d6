import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One result as a test lists it; each fake answers it in its service's documented shape. */
export interface Listed {
  title: string;
  url: string;
  snippet: string;
  site?: string;
}

export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

export interface Fake {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

type Handler = (seen: Seen) => { status: number; json?: unknown; type?: string; text?: string; bytes?: Buffer };

/** A local server on 127.0.0.1, port 0, answering `handle` and remembering every request. */
export async function fakeServer(handle: Handler): Promise<Fake> {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://fake');
      let body: Record<string, unknown> | null = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
      const s = {
        method: req.method ?? '',
        path: u.pathname,
        query: u.searchParams,
        authorization: req.headers.authorization,
        body,
      };
      seen.push(s);
      const out = handle(s);
      if (out.text !== undefined || out.bytes !== undefined)
        res.writeHead(out.status, { 'content-type': out.type ?? 'text/html' }).end(out.bytes ?? out.text);
      else res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const unauthorized = (key: string, s: Seen) => key !== '' && s.authorization !== `Bearer ${key}`;

/** 博查: POST /v1/web-search → {code: 200, data: {webPages: {value: [{name, url, snippet, summary, siteName}]}}}. */
export const bochaFake = (key: string, results: Listed[]) =>
  fakeServer((s) => {
    if (s.method !== 'POST' || s.path !== '/v1/web-search')
      return { status: 404, json: { code: 404, msg: 'not found' } };
    if (unauthorized(key, s)) return { status: 401, json: { code: 401, message: 'Invalid API KEY', log_id: 'x' } };
    const value = results.map((r, i) => ({
      id: `https://api.bochaai.com/v1/#WebPages.${i}`,
      name: r.title,
      url: r.url,
      displayUrl: r.url,
      snippet: r.snippet.slice(0, 20),
      summary: r.snippet,
      siteName: r.site ?? '',
      siteIcon: '',
      datePublished: '2026-01-01T00:00:00+08:00',
    }));
    return {
      status: 200,
      json: {
        code: 200,
        log_id: 'abc',
        msg: null,
        data: { _type: 'SearchResponse', queryContext: { originalQuery: s.body?.query }, webPages: { value } },
      },
    };
  });

/** Tavily: POST /search → {query, results: [{title, url, content, score}], response_time}. */
export const tavilyFake = (key: string, results: Listed[]) =>
  fakeServer((s) => {
    if (s.method !== 'POST' || s.path !== '/search') return { status: 404, json: { detail: 'Not Found' } };
    if (unauthorized(key, s))
      return { status: 401, json: { detail: { error: 'Unauthorized: missing or invalid API key.' } } };
    return {
      status: 200,
      json: {
        query: s.body?.query,
        answer: null,
        images: [],
        results: results.map((r, i) => ({
          title: r.title,
          url: r.url,
          content: r.snippet,
          score: 0.9 - i / 10,
          raw_content: null,
        })),
        response_time: 0.5,
      },
    };
  });

/** SearXNG: GET /search?q=…&format=json → {query, number_of_results, results: [{url, title, content, engine}]}. */
export const searxngFake = (results: Listed[]) =>
  fakeServer((s) => {
    if (s.method !== 'GET' || s.path !== '/search') return { status: 404, text: 'Not Found', type: 'text/plain' };
    if (s.query.get('format') !== 'json') return { status: 403, text: 'Forbidden', type: 'text/html' };
    return {
      status: 200,
      json: {
        query: s.query.get('q'),
        number_of_results: results.length,
        results: results.map((r) => ({
          url: r.url,
          title: r.title,
          content: r.snippet,
          engine: 'bing',
          engines: ['bing'],
          score: 1,
        })),
        answers: [],
        suggestions: [],
        unresponsive_engines: [],
      },
    };
  });

/** 智谱: POST /web_search → {id, created, request_id, search_result: [{title, content, link, media, refer}]}. */
export const zhipuFake = (key: string, results: Listed[]) =>
  fakeServer((s) => {
    if (s.method !== 'POST' || s.path !== '/web_search')
      return { status: 404, json: { error: { code: '404', message: 'Not Found' } } };
    if (unauthorized(key, s)) return { status: 401, json: { error: { code: '1000', message: '身份验证失败。' } } };
    return {
      status: 200,
      json: {
        id: 'search-1',
        created: 1_767_225_600,
        request_id: String(s.body?.request_id ?? 'r'),
        search_intent: [{ query: s.body?.search_query, intent: 'SEARCH_ALL', keywords: s.body?.search_query }],
        search_result: results.map((r, i) => ({
          title: r.title,
          content: r.snippet,
          link: r.url,
          media: r.site ?? '',
          icon: '',
          refer: `ref_${i + 1}`,
          publish_date: '2026-01-01',
        })),
      },
    };
  });
