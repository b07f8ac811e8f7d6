import { createRoute } from '@hono/zod-openapi';
import { Code } from '../../shared/codes';
import { noData } from '../../shared/contract/common';
import { clientLog as body } from '../../shared/contract/platform';
import { hit } from '../db/queries/rate-limits';
import { DomainError } from '../errors';
import { access } from './access';
import type { ApiApp } from './context';
import { reply } from './errors';
import { errorResponses, replySchema } from './reply-schema';

export const route = createRoute({
  security: access.public,
  method: 'post',
  path: '/client-log',
  tags: ['system'],
  summary: 'Browser-side failures (list loads, sockets) reported to the server log',
  request: { body: { content: { 'application/json': { schema: body } }, required: true } },
  responses: {
    200: { description: 'code 200: logged', content: { 'application/json': { schema: replySchema(noData) } } },
    429: {
      description: 'code 429: too many reports from this address this minute',
      content: { 'application/json': { schema: replySchema(noData) } },
    },
    ...errorResponses,
  },
});

export function registerClientLog(app: ApiApp) {
  app.openapi(route, async (c) => {
    const entry = c.req.valid('json');
    const rt = c.get('runtime');
    // No login here, so each address gets a few lines a minute: the log cannot be flooded.
    const limit = rt.env.CLIENT_LOG_PER_MINUTE * rt.env.IP_LIMIT_SCALE;
    const counted = await hit(rt.database.db, `client-log:ip:${c.get('ip')}`, { limit, windowMs: 60_000 });
    if (!counted.allowed) throw new DomainError(Code.TOO_MANY_REQUESTS, 'error.tooManyRequests', { status: 429 });
    rt.log.warn('client report', { ...entry, ip: c.get('ip') });
    return reply(c, null);
  });
}
