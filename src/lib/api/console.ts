import { type InputOf, type ReplyOf, transport } from './client';
import type { ApiPath, DataArgs } from './routes';
import type { RequestOptions } from './types';

/**
 * A console call's outcome, flat as the console's forms read it: `data` is the
 * route's on success (code 200), and whatever the server sent otherwise (a
 * validation's `fields`, a refusal's detail), which the caller narrows.
 */
export type ConsoleReply<D> =
  | { ok: true; status: number; code: number; result: string; data: D }
  | { ok: false; status: number; code: number; result: string; data: unknown };

/**
 * A console call: typed by the route table like `get`/`post`, authenticated by
 * the HttpOnly console cookie (a 401 ends the console session, not the login),
 * and silent: every console screen shows its own refusal inline.
 */
export async function consoleCall<M extends 'GET' | 'POST', U extends ApiPath<M>>(
  method: M,
  url: U,
  ...[data, opts]: DataArgs<InputOf<M, U>, RequestOptions>
): Promise<ConsoleReply<ReplyOf<M, U>>> {
  const r = await transport(method, url, data as object | undefined, { ...opts, silent: true, console: true });
  switch (r.kind) {
    case 'reply':
      return { ok: true, status: r.status, code: r.code, result: r.result, data: r.data as ReplyOf<M, U> };
    case 'business':
      return { ok: false, status: r.status, code: r.code, result: r.result, data: r.data };
    case 'text':
    case 'stream':
      return { ok: false, status: r.status, code: r.status, result: '', data: null };
    default:
      // Only the server's own text: without one each screen shows its fallback in the console's language.
      return {
        ok: false,
        status: r.status ?? 0,
        code: r.code,
        result: r.reply?.result ?? '',
        data: r.reply?.data ?? null,
      };
  }
}

/** A refused form's per-field messages (a 400's `data.fields`), or none. */
export function fieldErrors(data: unknown): Record<string, string> {
  if (typeof data !== 'object' || data === null || !('fields' in data)) return {};
  const { fields } = data as { fields: unknown };
  return typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : {};
}
