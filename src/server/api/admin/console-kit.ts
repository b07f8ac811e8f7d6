import { createRoute, type RouteConfig, type z } from '@hono/zod-openapi';
import { fileBody } from '../../../shared/contract/common';
import { access } from '../access';
import { jsonResponses } from '../route-kit';

// Console routes (docs/console.md): every one answers 404 to anyone without a
// console session, and 403 (code 1001601) until TOTP is verified in it.
export const tags = ['admin'];
export const codes = { 404: 'no console session (HTTP 404)', 403: 'role too low, or TOTP required (HTTP 403)' };

/** What a console route declares beside its method, path and reply: summary, request, marks such as targetsAccount. */
type ConsoleConfig = Omit<RouteConfig, 'security' | 'tags' | 'responses' | 'method' | 'path'> & {
  /** Reply codes of the route's own, beside the guard's. */
  more?: Record<number, string>;
};

/**
 * A console route: the console session's access, the console's tag, and a
 * house reply of `data` whose codes are the guard's and the route's own.
 */
export function consoleRoute<
  const M extends 'get' | 'post',
  const P extends string,
  D extends z.ZodType,
  const C extends ConsoleConfig,
>(method: M, path: P, data: D, config: C) {
  const { more, ...rest } = config;
  return createRoute({
    security: access.console,
    method,
    path,
    tags,
    ...(rest as Omit<C, 'more'>),
    responses: jsonResponses(data, { ...codes, ...more }),
  });
}

const csv = { 200: { description: 'CSV (UTF-8 with BOM)', content: { 'text/csv': { schema: fileBody } } } } as const;

/** A console route that answers a CSV file (an export), not the house reply. */
export function consoleCsv<const P extends string, const C extends Omit<ConsoleConfig, 'more'>>(path: P, config: C) {
  return createRoute({ security: access.console, method: 'get', path, tags, ...config, responses: csv });
}

const DAY = 86_400_000;
/** A from/to pair of `date` query fields as instants (UTC days); the "to" day is included. */
export function dayRange(q: { from?: string; to?: string }) {
  return {
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY) : undefined,
  };
}
