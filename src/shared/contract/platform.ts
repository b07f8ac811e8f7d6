import { z } from '@hono/zod-openapi';
import { text } from './input';

/** Requests of the platform API (src/server/api/client-log.ts). */

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
