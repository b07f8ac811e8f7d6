import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { APIContext, MiddlewareNext } from 'astro';
import { getRuntime, type Runtime } from '../../runtime';
import { settingsGeneration } from '../site-settings';
import { squareGeneration } from './square';

/** The square and its picture pages: the same HTML for everyone of one language. */
const PATH = /^\/square(?:\/[a-z0-9]{1,40})?$/;
const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 500;

interface Entry {
  /** The square's and the site settings' generations (a setting shows on every page). */
  generation: string;
  at: number;
  body: string;
  headers: Record<string, string>;
  /** Compressed once, on the first request that accepts it (the server would compress every time). */
  encoded: Partial<Record<'br' | 'gzip', Uint8Array<ArrayBuffer>>>;
}

/** The body in the best encoding the client accepts; the HTTP server leaves encoded bodies alone. */
function encode(
  entry: Entry,
  accept: string,
): { body: string | Uint8Array<ArrayBuffer>; encoding: 'br' | 'gzip' | null } {
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  if (!encoding) return { body: entry.body, encoding };
  entry.encoded[encoding] ??=
    encoding === 'br'
      ? new Uint8Array(brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }))
      : new Uint8Array(gzipSync(entry.body, { level: 9 }));
  return { body: entry.encoded[encoding], encoding };
}
const caches = new WeakMap<Runtime, Map<string, Entry>>();

export function isSquarePage(url: URL): boolean {
  return PATH.test(url.pathname);
}

/**
 * Serves the square's rendered HTML from memory (bench/RESULTS.md: the square
 * answers at least half as fast as a bare page). An entry is keyed by
 * language and URL and lives until a public picture is added or removed
 * or a console setting changes (the generations change, on every process
 * through NOTIFY).
 * For src/middleware.ts: `if (isSquarePage(context.url)) return squarePageCache(context, next);`
 */
export async function squarePageCache(context: APIContext, next: MiddlewareNext): Promise<Response> {
  if (context.request.method !== 'GET') return next();
  const rt = getRuntime();
  let cache = caches.get(rt);
  if (!cache) {
    cache = new Map();
    caches.set(rt, cache);
  }
  const key = `${context.locals.lang}|${context.url.pathname}${context.url.search}`;
  const generation = `${squareGeneration(rt)}:${settingsGeneration(rt)}`;
  const hit = cache.get(key);
  if (hit && hit.generation === generation && Date.now() - hit.at < TTL_MS) {
    const etag = hit.headers.etag;
    if (etag && context.request.headers.get('if-none-match') === etag)
      return new Response(null, {
        status: 304,
        headers: { etag, 'cache-control': hit.headers['cache-control'] ?? '' },
      });
    const { body, encoding } = encode(hit, context.request.headers.get('accept-encoding') ?? '');
    const headers: Record<string, string> = { ...hit.headers, vary: 'Accept-Encoding' };
    if (encoding) headers['content-encoding'] = encoding;
    return new Response(body, { status: 200, headers });
  }
  const res = await next();
  const type = res.headers.get('content-type') ?? '';
  if (res.status !== 200 || !type.includes('text/html') || res.headers.has('set-cookie')) return res;
  const body = await res.text();
  const headers = Object.fromEntries(res.headers);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { generation, at: Date.now(), body, headers, encoded: {} });
  return new Response(body, { status: 200, headers });
}
