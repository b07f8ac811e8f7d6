import { type ApiReply, Code } from '../../shared/codes';
import { getToken, removeToken } from '../../stores/auth';
import { openBindPhone } from '../login-event';
import { apiConfig } from './config';
import { deviceHeader } from './device-id';
import { apiUrl, buildRequest, withAbort, withQuery } from './http';
import type { ApiPath, DataArgs, QueryOfRoute, ReplyData, RequestData, RouteAt } from './routes';
import {
  ApiError,
  type ApiFailure,
  type ApiResult,
  type ApiStreamResult,
  type Method,
  type RequestOptions,
  type StreamOptions,
} from './types';

/** `message` is the server's own text for the person, '' when it sent none. */
type Body =
  | { type: 'reply'; reply: ApiReply<unknown>; message: string }
  | { type: 'text'; text: string }
  | { type: 'other'; message: string };

function field(value: object, name: string): unknown {
  return (value as Record<string, unknown>)[name];
}

function textField(value: object, name: string): string {
  const text = field(value, name);
  return typeof text === 'string' ? text : '';
}

/** Like axios: JSON when it parses, otherwise the text itself counts as a string body. */
function parseBody(text: string): Body {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { type: 'text', text };
  }
  if (typeof value === 'string') return { type: 'text', text: value };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { type: 'other', message: '' };
  // Proxies and frameworks put their text in `message` rather than `result`.
  const message = textField(value, 'result') || textField(value, 'message');
  const code = field(value, 'code');
  if (typeof code !== 'number') return { type: 'other', message };
  const reply = { code, result: textField(value, 'result'), data: field(value, 'data') ?? null };
  return { type: 'reply', reply, message };
}

function serverMessage(body: Body): string {
  return body.type === 'text' ? '' : body.message;
}

const STATUS_MESSAGE_KEYS: Record<number, string> = {
  401: 'error.unauthorized',
  404: 'error.notFound',
  413: 'error.payloadTooLarge',
  429: 'error.tooManyRequests',
  500: 'error.internal',
};

/** 400 and 503 fall back to 'Error'; other statuses to their own text (docs/reply-codes.md). */
async function statusMessage(status: number, body: Body): Promise<string> {
  const { t } = apiConfig();
  const fromServer = serverMessage(body);
  if (fromServer) return fromServer;
  const key = status === 400 || status === 503 ? undefined : STATUS_MESSAGE_KEYS[status];
  return t(key ?? 'error.generic');
}

async function failure(kind: ApiFailure['kind'], messageKey: string, silent: boolean | undefined): Promise<ApiFailure> {
  if (kind === 'aborted') return { ok: false, kind, code: 0, message: '' };
  const message = await apiConfig().t(messageKey);
  if (!silent) apiConfig().notify('error', message);
  return { ok: false, kind, code: 0, message };
}

async function httpFailure(status: number, body: Body, opts: RequestOptions): Promise<ApiFailure> {
  const { silent } = opts;
  const message = await statusMessage(status, body);
  const reply = body.type === 'reply' ? body.reply : undefined;
  const result: ApiFailure = { ok: false, kind: 'http', status, code: reply?.code ?? status, message };
  if (reply) result.reply = reply;
  if (status === 401 && !opts.console) {
    // Reload only when a token was cleared: reloading a logged-out page
    // whose start-up call answers 401 would loop forever.
    const hadToken = getToken() !== undefined;
    removeToken();
    if (!silent) apiConfig().notify('error', message);
    if (hadToken) apiConfig().reload();
    return result;
  }
  if (!silent) apiConfig().notify('error', message);
  // The console's phone gate: every screen that generates or publishes opens the binding the same way.
  if (result.code === Code.PHONE_REQUIRED && typeof window !== 'undefined') openBindPhone();
  return result;
}

function classify(status: number, body: Body, opts: RequestOptions): ApiResult<unknown> | Promise<ApiFailure> {
  if (status !== 200) return httpFailure(status, body, opts);
  if (body.type === 'text') return { ok: true, kind: 'text', status, text: body.text };
  if (body.type === 'other') return httpFailure(status, body, opts);
  const { reply } = body;
  if (reply.code === 200) {
    return { ok: true, kind: 'reply', status, code: reply.code, result: reply.result, data: reply.data, reply };
  }
  return { ok: false, kind: 'business', status, code: reply.code, result: reply.result, data: reply.data, reply };
}

function isJson(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().includes('application/json');
}

/**
 * The untyped transport under the typed calls below, exported for its own
 * tests only: browser code calls `get`, `post` and `request`, which the route
 * table types (tests/unit/contract-shapes.test.ts keeps it so).
 *
 * One call to the API (docs/api.md, docs/reply-codes.md, ARCHITECTURE.md). Never rejects: every outcome is
 * a result to branch on. HTTP, timeout and network problems have already been
 * shown through `notify`; business codes have not — the caller decides.
 * With `{ stream: true }` a 200 non-JSON response comes back unread, without
 * a timeout; a JSON answer (an error instead of a stream) is classified as usual.
 */
export async function transport(
  method: Method,
  url: string,
  data: object | undefined,
  opts: RequestOptions | StreamOptions,
): Promise<ApiStreamResult<unknown>> {
  const config = apiConfig();
  const stream = 'stream' in opts && opts.stream;
  const headers = { ...deviceHeader(), ...opts.headers };
  const built = buildRequest(method, apiUrl(config.baseUrl, url), data, getToken(), headers);
  const timeoutMs = stream ? undefined : (('timeoutMs' in opts ? opts.timeoutMs : undefined) ?? config.timeoutMs);

  const outcome = await withAbort(
    async (signal) => {
      // A stream must stay cancellable by the caller after this function returns.
      const response = await config.fetch(built.url, {
        ...built.init,
        // A keepalive request outlives the page that sends it: no signal of that page may end it.
        ...(opts.keepalive ? { keepalive: true } : { signal: stream ? (opts.signal ?? signal) : signal }),
      });
      if (stream && response.status === 200 && !isJson(response)) return { response, body: undefined };
      return { response, body: parseBody(await response.text()) };
    },
    timeoutMs,
    opts.signal,
  );

  if (outcome.kind === 'timeout') return failure('timeout', 'error.timeout', opts.silent);
  if (outcome.kind === 'aborted') return failure('aborted', '', opts.silent);
  if (outcome.kind === 'network') return failure('network', 'error.network', opts.silent);
  const { response, body } = outcome.value;
  if (body === undefined) return { ok: true, kind: 'stream', status: response.status, response };
  return classify(response.status, body, opts);
}

/** The reply data of the route a call reaches, as its schema declares it (src/lib/api/routes.ts). */
export type ReplyOf<M extends Method, U extends string> = ReplyData<RouteAt<M, U>>;
/** What a call to the route sends, as its schema accepts it (query for GET, else the body). */
export type InputOf<M extends Method, U extends string> = RequestData<RouteAt<M, U>>;
type Args<M extends Method, U extends string> = DataArgs<InputOf<M, U>, RequestOptions>;

/**
 * A call typed by the route table: the address must be a route's, the data what
 * its schema accepts, and the reply's data is what its schema declares.
 */
export function request<M extends Method, U extends ApiPath<M>>(
  method: M,
  url: U,
  data: RequestData<RouteAt<M, U>> | undefined,
  opts: StreamOptions,
): Promise<ApiStreamResult<ReplyOf<M, U>>>;
export function request<M extends Method, U extends ApiPath<M>>(
  method: M,
  url: U,
  ...args: Args<M, U>
): Promise<ApiResult<ReplyOf<M, U>>>;
export function request(
  method: Method,
  url: string,
  data?: object,
  opts: RequestOptions | StreamOptions = {},
): Promise<ApiStreamResult<unknown>> {
  return transport(method, url, data, opts);
}

export function get<U extends ApiPath<'GET'>>(url: U, ...args: Args<'GET', U>): Promise<ApiResult<ReplyOf<'GET', U>>> {
  return transport('GET', url, args[0] as object | undefined, args[1] ?? {}) as Promise<ApiResult<ReplyOf<'GET', U>>>;
}

export function post<U extends ApiPath<'POST'>>(
  url: U,
  ...args: Args<'POST', U>
): Promise<ApiResult<ReplyOf<'POST', U>>> {
  return transport('POST', url, args[0] as object | undefined, args[1] ?? {}) as Promise<ApiResult<ReplyOf<'POST', U>>>;
}

/**
 * A POST whose route reads a query, not a body (`/notice/push?noticeId=…`):
 * the data, typed by the route's query schema, goes into the address.
 */
export function postQuery<U extends ApiPath<'POST'>>(
  url: U,
  query: QueryOfRoute<RouteAt<'POST', U>>,
  opts: RequestOptions = {},
): Promise<ApiResult<ReplyOf<'POST', U>>> {
  return transport('POST', withQuery(url, query as object), undefined, opts) as Promise<ApiResult<ReplyOf<'POST', U>>>;
}

/**
 * The route's data when the call succeeded: code 200, or the business success
 * 1000000 some routes answer with the same data (docs/reply-codes.md).
 */
export function successData<T>(result: ApiResult<T>): T | undefined {
  if (result.kind === 'reply') return result.data;
  if (result.kind === 'business' && result.code === Code.SUCCESS) return result.data as T;
  return undefined;
}

/** The server's own `result` text, '' when no reply came (a network failure, a timeout, a text body). */
export function serverText(result: ApiResult<unknown>): string {
  if (result.kind === 'reply' || result.kind === 'business') return result.result;
  if (result.kind === 'text') return '';
  return result.reply?.result ?? '';
}

/** The data of a code-200 reply, or an ApiError for anything else. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.kind === 'reply') return result.data;
  throw new ApiError(result);
}
