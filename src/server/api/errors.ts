import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type ApiReply, Code } from '../../lib/codes';
import type { ApiEnv } from './context';

/**
 * A domain error: services throw it, the one error handler turns it into the
 * reply. `messageKey` is an i18n key; `status` is the HTTP status (most
 * business outcomes travel as 200 with their business code (docs/reply-codes.md), as the browser expects).
 */
export class ApiError extends Error {
  readonly code: number;
  readonly messageKey: string;
  readonly status: ContentfulStatusCode;
  readonly params: Record<string, unknown>;
  readonly data: unknown;

  constructor(
    code: number,
    messageKey: string,
    opts: { status?: ContentfulStatusCode; params?: Record<string, unknown>; data?: unknown } = {},
  ) {
    super(messageKey);
    this.code = code;
    this.messageKey = messageKey;
    this.status = opts.status ?? 200;
    this.params = opts.params ?? {};
    this.data = opts.data ?? null;
  }
}

export function reply<T>(c: Context<ApiEnv>, data: T, result = 'success', code: number = Code.OK) {
  return c.json({ code, result, data } satisfies ApiReply<T>, 200);
}

const HTTP_KEYS: Record<number, string> = {
  400: 'error.badJson',
  404: 'error.notFound',
  413: 'error.payloadTooLarge',
  415: 'error.unsupportedMediaType',
};

export function handleError(err: Error, c: Context<ApiEnv>) {
  const t = c.get('t');
  if (err instanceof ApiError) {
    return c.json(
      { code: err.code, result: t(err.messageKey, err.params), data: err.data } satisfies ApiReply,
      err.status,
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
