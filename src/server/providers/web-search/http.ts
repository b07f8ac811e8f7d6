import { connectionReason } from '../probe/http';
import { WebSearchError, type WebSearchErrorKind } from './types';

/** One search call is cut off after this long… */
export const SEARCH_TIMEOUT_MS = 15_000;
/** …and its reply is not read past this size (a page of results is a few tens of KB). */
export const SEARCH_MAX_BYTES = 2 * 1024 * 1024;

/** The failure a status means to an operator. */
function statusKind(status: number): WebSearchErrorKind {
  if (status === 401 || status === 403) return 'badKey';
  if (status === 404 || status === 405) return 'notFound';
  if (status === 429) return 'rateLimited';
  if (status >= 500) return 'server';
  return 'status';
}

/**
 * One time- and size-limited call to a search service; answers its JSON body. Connection
 * failures, non-2xx statuses, oversize and non-JSON replies throw WebSearchError; the caller's
 * abort is rethrown as it is. The key travels in the headers or body and is never logged.
 */
export async function searchCall(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; json?: unknown; signal: AbortSignal },
): Promise<unknown> {
  const signal = AbortSignal.any([init.signal, AbortSignal.timeout(SEARCH_TIMEOUT_MS)]);
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      redirect: 'error',
      signal,
    });
  } catch (err) {
    init.signal.throwIfAborted();
    throw new WebSearchError(connectionReason(err) as WebSearchErrorKind);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new WebSearchError(statusKind(res.status), res.status);
  }
  if (Number(res.headers.get('content-length') ?? 0) > SEARCH_MAX_BYTES) {
    await res.body?.cancel().catch(() => {});
    throw new WebSearchError('tooLarge', res.status);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body ?? []) {
      size += chunk.byteLength;
      if (size > SEARCH_MAX_BYTES) throw new WebSearchError('tooLarge', res.status);
      chunks.push(Buffer.from(chunk));
    }
  } catch (err) {
    init.signal.throwIfAborted();
    if (err instanceof WebSearchError) throw err;
    throw new WebSearchError(connectionReason(err) as WebSearchErrorKind);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new WebSearchError('shape', res.status, 'not JSON');
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The host of a URL without a leading www., as a site name when the service gives none. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** Keeps the hits with an http(s) URL and a title; a service's odd rows are skipped, not fatal. */
export function httpOnly<T extends { url: string; title: string }>(hits: T[]): T[] {
  return hits.filter((h) => /^https?:\/\//i.test(h.url) && h.title.trim() !== '');
}
