import type { ApiReply } from '../../shared/codes';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;
/** GET data becomes query parameters; arrays repeat the key. */
export type QueryData = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  headers?: Record<string, string>;
  /** The caller's own cancellation (unmount, new search): yields `aborted`, shown to nobody. */
  signal?: AbortSignal;
  /** Overrides the 30 s default for this call. */
  timeoutMs?: number;
  /**
   * Do not show HTTP, timeout or network messages (docs/reply-codes.md: list-load
   * failures are only logged). A 401 still clears the token and reloads.
   */
  silent?: boolean;
  /** Outlives the page (fetch `keepalive`): a change sent while the page is being left. */
  keepalive?: boolean;
  /**
   * A console call: the console cookie authenticates it, so a 401 means the
   * console session ended, not the login: the token is kept, nothing reloads.
   */
  console?: boolean;
}

export interface StreamOptions extends Omit<RequestOptions, 'timeoutMs'> {
  /** Return the raw Response for SSE/NDJSON, without a timeout. */
  stream: true;
}

/** `code` 200: success by docs/api.md. */
export interface ApiOk<T> {
  ok: true;
  kind: 'reply';
  status: number;
  code: number;
  result: string;
  data: T;
  reply: ApiReply<T>;
}

/** A plain-text body: success by docs/api.md, whatever it says. */
export interface ApiText {
  ok: true;
  kind: 'text';
  status: number;
  text: string;
}

/** A 2xx streaming response left unread for the caller. */
export interface ApiStream {
  ok: true;
  kind: 'stream';
  status: number;
  response: Response;
}

/**
 * HTTP 200 with a code other than 200. Nothing was shown: the caller branches
 * on `code` per docs/reply-codes.md (1000000 business success, 1000001 not logged in,
 * 100000304 duplicate unpaid order...). `data` is whatever the server sent with
 * that code: for 1000000 it is the route's data (read it with `successData`),
 * for a refusal a shape the contract names for that code.
 */
export interface ApiBusiness {
  ok: false;
  kind: 'business';
  status: number;
  code: number;
  result: string;
  data: unknown;
  reply: ApiReply<unknown>;
}

/**
 * The request failed before a business answer: `http` (status other than 200),
 * `timeout`, `network`, or `aborted` by the caller. `message` is what was shown
 * through notify (unless silent or aborted); `code` is the reply's code when the
 * server sent one, else the HTTP status, else 0.
 */
export interface ApiFailure {
  ok: false;
  kind: 'http' | 'timeout' | 'network' | 'aborted';
  status?: number;
  code: number;
  message: string;
  reply?: ApiReply<unknown>;
}

export type ApiResult<T> = ApiOk<T> | ApiText | ApiBusiness | ApiFailure;
export type ApiStreamResult<T = unknown> = ApiStream | ApiOk<T> | ApiText | ApiBusiness | ApiFailure;

/** Thrown by `unwrap`, for callers that prefer exceptions (list loaders). */
export class ApiError extends Error {
  readonly kind: ApiBusiness['kind'] | ApiFailure['kind'] | 'text';
  readonly code: number;
  readonly status: number | undefined;

  constructor(result: ApiBusiness | ApiFailure | ApiText) {
    const message =
      result.kind === 'business'
        ? result.result
        : result.kind === 'text'
          ? 'Expected a JSON reply, got text'
          : result.message;
    super(message || `API ${result.kind} error`);
    this.name = 'ApiError';
    this.kind = result.kind;
    this.code = result.kind === 'text' ? 0 : result.code;
    this.status = result.status;
  }
}
