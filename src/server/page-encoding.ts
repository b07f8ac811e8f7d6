import { encodeNow, pickFastEncoding, SMALL_BODY } from './encoding';

/** What is worth compressing: markup and text (pages, the sitemap, robots.txt, the icons' sprite). */
const TEXT = /^(?:text\/|image\/svg\+xml|application\/(?:xml|json|javascript|manifest\+json))/;

/**
 * A page rendered for one request (not answered from the page cache),
 * compressed whole in one call at the fast level, as the API's replies are
 * (api/errors.ts). The server's compression stream (src/server/http.ts),
 * which leaves encoded bodies alone, ran one zlib job per chunk Astro
 * streamed: ~5 ms of CPU for a 14 KB page, and at 50 connections the queue of
 * those jobs made an uncached page serve a fortieth of a bare Astro page.
 */
export async function encodeWhole(request: Request, res: Response): Promise<Response> {
  if (!res.body || res.headers.has('content-encoding') || !TEXT.test(res.headers.get('content-type') ?? '')) {
    return res;
  }
  if (request.method !== 'GET' && request.method !== 'POST') return res;
  const encoding = pickFastEncoding(request.headers.get('accept-encoding') ?? '');
  if (!encoding) return res;
  const body = Buffer.from(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  const init = { status: res.status, statusText: res.statusText, headers };
  if (body.byteLength < SMALL_BODY) return new Response(new Uint8Array(body), init);
  headers.set('content-encoding', encoding);
  headers.append('vary', 'Accept-Encoding');
  return new Response(new Uint8Array(encodeNow(body, encoding)), init);
}
