import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type ApiReply, Code } from '../../shared/codes';
import {
  type Encoded,
  type Encoding,
  encodeNow,
  encodeOnce,
  pickEncoding,
  pickFastEncoding,
  SMALL_BODY,
} from '../encoding';
import { DomainError } from '../errors';
import type { KeptJson } from '../services/user-lists';
import type { ApiEnv } from './context';

const JSON_TYPE = { 'content-type': 'application/json' };
const view = (b: Buffer) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);
// What c.json would answer: the route's OpenAPI reply schema types these bytes.
const asJson = <T>(c: Context<ApiEnv>, r: { code: number; result: string; data: T }) => c.json(r, 200);
type JsonReply<T> = ReturnType<typeof asJson<T>>;

/**
 * The house reply. A large one (a page of a list) is compressed here in one
 * call, not by the server's compression stream (src/server/http.ts), which
 * cost more than twice the time per reply; it leaves encoded bodies alone.
 */
export function reply<T>(c: Context<ApiEnv>, data: T, result = 'success', code: number = Code.OK) {
  return send<T>(c, JSON.stringify({ code, result, data } satisfies ApiReply<T>));
}

function send<T>(c: Context<ApiEnv>, json: string) {
  // A character is at most three bytes: only a reply that may reach the threshold is measured.
  const encoding = json.length * 3 >= SMALL_BODY ? pickFastEncoding(c.req.header('accept-encoding') ?? '') : null;
  const body = encoding ? Buffer.from(json) : null;
  if (!encoding || !body || body.byteLength < SMALL_BODY)
    return c.body(json, 200, JSON_TYPE) as unknown as JsonReply<T>;
  const headers = { ...JSON_TYPE, 'content-encoding': encoding, vary: 'Accept-Encoding' };
  return c.body(view(encodeNow(body, encoding)), 200, headers) as unknown as JsonReply<T>;
}

// Keyed by the cached object itself: when its cache drops it, its bytes go with it.
const shared = new WeakMap<object, Encoded>();

/**
 * `reply` for data every caller gets alike and that a cache hands out as one
 * object until it changes (the square's pages): serialised and compressed
 * once per object, not per request.
 */
export function sharedReply<T>(c: Context<ApiEnv>, cached: object, data: T) {
  let encoded = shared.get(cached);
  if (!encoded) {
    encoded = encodeOnce(Buffer.from(JSON.stringify({ code: Code.OK, result: 'success', data } satisfies ApiReply)));
    shared.set(cached, encoded);
  }
  const encoding = pickEncoding(c.req.header('accept-encoding') ?? '');
  const body = encoding ? encoded[encoding] : encoded.body;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(body.byteLength),
    vary: 'Accept-Encoding',
  };
  // Already encoded: the server's compression leaves it alone (src/server/http.ts).
  if (encoding) headers['content-encoding'] = encoding;
  // Typed as `reply`'s answer: the route's OpenAPI reply schema describes these bytes too.
  return new Response(new Uint8Array(body), { status: 200, headers }) as unknown as ReturnType<typeof reply<T>>;
}

// A kept list's reply bytes, each compressed form made when first asked for.
const keptBytes = new WeakMap<KeptJson, { body: Buffer } & Partial<Record<Encoding, Buffer>>>();

/**
 * The reply of a user's kept list (services/user-lists.ts), data already JSON: serialised
 * and compressed once per kept answer, at the fast levels of a per-request
 * reply, since a change of the user's rows makes the next read a new answer.
 */
export function keptReply<T>(c: Context<ApiEnv>, kept: KeptJson) {
  let bytes = keptBytes.get(kept);
  if (!bytes) {
    bytes = { body: Buffer.from(`{"code":${Code.OK},"result":"success","data":${kept.json}}`) };
    keptBytes.set(kept, bytes);
  }
  const encoding = bytes.body.byteLength >= SMALL_BODY ? pickEncoding(c.req.header('accept-encoding') ?? '') : null;
  if (!encoding) return c.body(view(bytes.body), 200, JSON_TYPE) as unknown as JsonReply<T>;
  bytes[encoding] ??= encodeNow(bytes.body, encoding);
  const headers = { ...JSON_TYPE, 'content-encoding': encoding, vary: 'Accept-Encoding' };
  return c.body(view(bytes[encoding]), 200, headers) as unknown as JsonReply<T>;
}

const HTTP_KEYS: Record<number, string> = {
  400: 'error.badJson',
  404: 'error.notFound',
  413: 'error.payloadTooLarge',
  415: 'error.unsupportedMediaType',
};

export function handleError(err: Error, c: Context<ApiEnv>) {
  const t = c.get('t');
  if (err instanceof DomainError) {
    return c.json(
      { code: err.code, result: t(err.messageKey, err.params), data: err.data } satisfies ApiReply,
      err.status as ContentfulStatusCode,
    );
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const key = HTTP_KEYS[status] ?? 'error.generic';
    return c.json({ code: status, result: t(key), data: null } satisfies ApiReply, status as ContentfulStatusCode);
  }
  c.get('runtime').log.error('unhandled API error', {
    path: c.req.path,
    err: err.message,
    stack: err.stack?.split('\n').slice(0, 4).join(' | '),
  });
  return c.json({ code: Code.INTERNAL, result: t('error.internal'), data: null } satisfies ApiReply, 500);
}
