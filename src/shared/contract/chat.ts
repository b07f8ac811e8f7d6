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
