import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from './context';
import { reply } from './errors';
import { errorResponses, replySchema } from './reply-schema';
import { text } from './validation';

const body = z
  .object({
    level: z.enum(['error', 'warn']),
    message: text(500, 1),
    url: text(500),
    detail: text(2000).optional(),
  })
  .strict()
  .openapi('ClientLog');

const route = createRoute({
  method: 'post',
  path: '/client-log',
  tags: ['system'],
  summary: 'Browser-side failures (list loads, sockets) reported to the server log',
  request: { body: { content: { 'application/json': { schema: body } }, required: true } },
  responses: {
    200: { description: 'code 200: logged', content: { 'application/json': { schema: replySchema(z.null()) } } },
    ...errorResponses,
  },
});

export function registerClientLog(app: ApiApp) {
  app.openapi(route, (c) => {
    const entry = c.req.valid('json');
    c.get('runtime').log.warn('client report', { ...entry, ip: c.get('ip') });
    return reply(c, null);
  });
}
