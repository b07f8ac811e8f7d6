import { z } from '@hono/zod-openapi';
import { UNLABELLED_KINDS, UNLABELLED_REASON_MAX } from '../compliance';
import { totpCode } from './admin';
import { keySchema, paging, pattern, text } from './input';

/** Unlabelled downloads (docs/compliance.md): the console's one-time links and their log. */

const kind = z.enum(UNLABELLED_KINDS, { message: 'compliance:unlabelled.kind' });

/** POST /api/admin/unlabelled: allows one download without the visible label, for the owner's request. */
export const unlabelledBody = z.object({
  kind,
  itemId: pattern(/^[A-Za-z0-9_-]{1,64}$/, 64),
  reason: text(UNLABELLED_REASON_MAX, 1),
  code: totpCode,
});
export type UnlabelledBody = z.infer<typeof unlabelledBody>;

/** The one-time link, shown once: only its hash is kept. */
export const unlabelledLink = z
  .object({ applied: z.boolean(), id: z.number().int(), url: z.string(), expiresAt: z.string() })
  .openapi('UnlabelledLink');
export type UnlabelledLink = z.infer<typeof unlabelledLink>;

/** One allowed download in the console's log. */
export const unlabelledRow = z
  .object({
    id: z.number().int(),
    kind,
    itemId: z.string(),
    ownerId: z.number().int(),
    ownerEmail: z.string().nullable(),
    reason: z.string(),
    allowedBy: z.number().int(),
    allowedByEmail: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
    usedAt: z.string().nullable(),
    usedIp: z.string().nullable(),
  })
  .openapi('UnlabelledRow');
export type UnlabelledRow = z.infer<typeof unlabelledRow>;

export const unlabelledLog = z.object({
  records: z.array(unlabelledRow),
  total: z.number().int(),
  current: z.number().int(),
  size: z.number().int(),
});
export type UnlabelledLog = z.infer<typeof unlabelledLog>;

export const unlabelledLogQuery = z.object(paging(50, 20).shape);

/** GET /api/unlabelled/{key}: the link's key. */
export const unlabelledKeyParam = z.object({ key: keySchema });
