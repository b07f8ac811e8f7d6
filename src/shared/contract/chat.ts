import { z } from '@hono/zod-openapi';
import { dailyQuotaFields } from './common';

/** Free chat messages of today, as /api/chat/quota and the stream's `meta` event give them (docs/api.md). */
export const chatQuota = z
  .object({
    ...dailyQuotaFields,
    limit: dailyQuotaFields.limit.openapi({ description: 'messages a day; null is unlimited' }),
  })
  .openapi('ChatQuota');
export type ChatQuota = z.infer<typeof chatQuota>;

/** One model the chat offers the caller, in the page's language (docs/channels.md#levels). */
export const chatModelInfo = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    vision: z.boolean(),
    reasoning: z.boolean(),
    contextTokens: z.number().int().openapi({ description: 'context window in tokens; 0 when unknown' }),
  })
  .openapi('ChatModelInfo');
export type ChatModelInfo = z.infer<typeof chatModelInfo>;

/** GET /api/chat/models: `models` (ids) stays as before; `details` describes each, in the same order. */
export const chatModels = z
  .object({
    mode: z.enum(['offline', 'openai']),
    models: z.array(z.string()),
    defaultModel: z.string(),
    details: z.array(chatModelInfo),
  })
  .openapi('ChatModels');
export type ChatModels = z.infer<typeof chatModels>;
