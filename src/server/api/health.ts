import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from './context';
import { reply } from './errors';
import { replySchema } from './reply-schema';

const route = createRoute({
  method: 'get',
  path: '/health',
  tags: ['system'],
  summary: 'Liveness, version, database kind and provider modes',
  responses: {
    200: {
      description: 'code 200',
      content: {
        'application/json': {
          schema: replySchema(
            z.object({
              version: z.string(),
              database: z.enum(['pglite', 'postgres']),
              providers: z.record(z.string(), z.string()),
            }),
            'HealthReply',
          ),
        },
      },
    },
  },
});

export function registerHealth(app: ApiApp) {
  app.openapi(route, (c) => {
    const rt = c.get('runtime');
    return reply(c, { version: rt.version, database: rt.database.kind, providers: rt.providers });
  });
}
