import type { Method, QueryValue } from './types';

/**
 * Prefixes `baseUrl` unless the path already carries it (docs/api.md lists some
 * calls as `/api/...`) or is absolute.
 */
export function apiUrl(baseUrl: string, path: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) return path;
  const base = baseUrl.replace(/\/+$/, '');
  const rel = path.startsWith('/') ? path : `/${path}`;
  if (base === '' || rel === base || rel.startsWith(`${base}/`) || rel.startsWith(`${base}?`)) return rel;
  return `${base}${rel}`;
}

function queryString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Nested objects have no query form both sides agree on; JSON at least round-trips.
  return JSON.stringify(value);
}

/** Appends data as query parameters, skipping `null` and `undefined`. */
export function withQuery(url: string, data: object | undefined): string {
  if (!data) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === null || item === undefined) continue;
      params.append(key, queryString(item as QueryValue));
    }
  }
  const query = params.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

export interface BuiltRequest {
  url: string;
  init: RequestInit;
}

/** GET sends data as query parameters, other methods a body (docs/api.md). */
export function buildRequest(
  method: Method,
  url: string,
  data: object | undefined,
  token: string | undefined,
  extraHeaders: Record<string, string> = {},
): BuiltRequest {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method === 'GET') return { url: withQuery(url, data), init: { method, headers } };
  if (typeof FormData !== 'undefined' && data instanceof FormData) {
    // The browser sets multipart Content-Type with its boundary itself.
    return { url, init: { method, headers, body: data } };
  }
  if (data === undefined) return { url, init: { method, headers } };
  headers['Content-Type'] = 'application/json';
  return { url, init: { method, headers, body: JSON.stringify(data) } };
}

export type FetchOutcome<R> =
  | { kind: 'done'; value: R }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'network'; error: unknown };

/**
 * Runs `work` (fetch and body read) under one AbortController, so a timeout
 * also covers a server that sends headers and then stalls. `timeoutMs`
 * undefined means no timeout (streams).
 */
export async function withAbort<R>(
  work: (signal: AbortSignal) => Promise<R>,
  timeoutMs: number | undefined,
  callerSignal: AbortSignal | undefined,
): Promise<FetchOutcome<R>> {
  if (callerSignal?.aborted) return { kind: 'aborted' };
  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException('Request timed out', 'TimeoutError'));
        }, timeoutMs);
  try {
    return { kind: 'done', value: await work(controller.signal) };
  } catch (error) {
    if (timedOut) return { kind: 'timeout' };
    if (callerSignal?.aborted) return { kind: 'aborted' };
    return { kind: 'network', error };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}
