import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type ApiReply, Code } from '../../shared/codes';
import { DomainError } from '../errors';
import type { ApiEnv } from './context';

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
