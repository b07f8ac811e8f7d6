import type { IncomingMessage, ServerResponse } from 'node:http';
import { LANGUAGE_COOKIE, pickLanguage } from '../shared/i18n';
import type { Runtime } from './runtime';
import { isCachedPath, isSharedRequest, type PageKind, pageKey } from './services/pages/cached-paths';
import { cachedPage, lookupPage, type PageAnswer, pageAnswer, pageAnswerWhenReady } from './services/pages/page-cache';

/**
 * The page cache over HTTP (docs/page-cache.md): services/pages decides what
 * is kept and what a request is answered with; this writes it, as Node's
 * response before the page framework runs (servePageHit) or as the Response
 * the pages' middleware hands Astro (cachedPageResponse).
 */

const LANG_COOKIE = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)`);
/** The language a page request is answered in, from its cookie, before the page framework has run. */
export const requestLanguage = (req: IncomingMessage) => pickLanguage(LANG_COOKIE.exec(req.headers.cookie ?? '')?.[1]);
const header = (req: IncomingMessage) => (name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
};

const toResponse = (a: PageAnswer) =>
  new Response(a.body ? new Uint8Array(a.body) : null, { status: a.status, headers: a.headers });

/**
 * A cacheable request's answer: the kept page (a 304 when its ETag is named),
 * else a fresh render, kept when it is the same for everyone (cachedPage).
 */
export async function cachedPageResponse(
  rt: Runtime,
  request: Request,
  key: string,
  render: () => Promise<Response>,
  setsCookies?: () => boolean,
  kind?: PageKind,
): Promise<Response> {
  const page = await cachedPage(rt, key, render, setsCookies, kind);
  if ('response' in page) return page.response;
  const h = request.headers;
  return toResponse(await pageAnswerWhenReady(page.entry, h.get('if-none-match'), h.get('accept-encoding') ?? ''));
}

/** The fast path, before the page framework and the compression (src/server/http.ts): answers a request
 * for a page already in the cache from memory; false leaves it to the pages, which render it or wait. */
export function servePageHit(rt: Runtime, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' || !isSharedRequest(header(req))) return false;
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://page');
  } catch {
    return false;
  }
  if (!isCachedPath(url)) return false;
  const hit = lookupPage(rt, pageKey(requestLanguage(req), url));
  // A stale page goes to the pages' middleware, which starts its refresh.
  if (!hit || hit.stale) return false;
  const answer = pageAnswer(hit.entry, req.headers['if-none-match'], req.headers['accept-encoding'] ?? '');
  // Null: the encoding asked is still being compressed; the middleware waits for it.
  if (!answer) return false;
  if (!answer.body) {
    // Browsers copy a 304's headers onto the kept page: the fallback policy must not replace the page's.
    res.removeHeader('content-security-policy');
    res.writeHead(304, answer.headers).end();
    return true;
  }
  res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.byteLength }).end(answer.body);
  return true;
}
