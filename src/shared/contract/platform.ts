import { z } from '@hono/zod-openapi';
import { text } from './input';

/** Requests and replies of the platform API (src/server/api/{health,ready,client-log}.ts). */

/** A browser-side failure for the server log (POST /api/client-log). */
export const clientLog = z
  .object({
    level: z.enum(['error', 'warn']),
    message: text(500, 1),
    url: text(500),
    detail: text(2000).optional(),
  })
  .strict()
  .openapi('ClientLog');
export type ClientLog = z.input<typeof clientLog>;

/** GET /api/health: the process lives (no database query). */
export const health = z.object({
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  providers: z.record(z.string(), z.string()),
  sandbox: z
    .array(z.enum(['payment', 'wechat', 'websearch', 'sms']))
    .describe('providers running as the sandbox (no real money, WeChat, web search or text messages)'),
});
export type Health = z.infer<typeof health>;

/** GET /api/ready: whether a load balancer may send this process requests, and each check's outcome. */
export const readiness = z
  .object({
    ready: z.boolean(),
    checks: z.object({ database: z.string(), storage: z.string(), providers: z.string() }).openapi({
      description: "each check's 'ok', or 'failed: …' with the reason",
    }),
  })
  .openapi('Readiness');
export type Readiness = z.infer<typeof readiness>;
