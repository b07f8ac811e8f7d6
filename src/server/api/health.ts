import { createRoute } from '@hono/zod-openapi';
import { health } from '../../shared/contract/platform';
import { sandboxProviders } from '../sandbox';
import { access } from './access';
import type { ApiApp } from './context';
import { reply } from './errors';
import { registerReady } from './ready';
import { replySchema } from './reply-schema';

export const route = createRoute({
  security: access.public,
  method: 'get',
  path: '/health',
  tags: ['system'],
  summary: 'Liveness, version, database kind and provider modes',
  responses: {
    200: {
      description: 'code 200',
      content: {
        'application/json': {
          schema: replySchema(health, 'HealthReply'),
        },
      },
    },
  },
});

export function registerHealth(app: ApiApp) {
  app.openapi(route, (c) => {
    const rt = c.get('runtime');
    const sandbox = sandboxProviders(rt.env);
    return reply(c, { version: rt.version, database: rt.database.kind, providers: rt.providers, sandbox });
  });
  // /api/health says the process lives (no database query); /api/ready is for a load balancer.
  registerReady(app);
}
