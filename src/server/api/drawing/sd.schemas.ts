import { z } from '@hono/zod-openapi';
import { ASPECT_RATIOS } from '../../../shared/drawing';
import { paging } from '../route-kit';
import { int, intParam, pattern, rawText, safeString, text } from '../validation';

/** A drawing's public id. */
export const taskId = pattern(/^[a-z0-9]{1,40}$/, 40, { trim: true });

/** List body: pageNum, pageSize, orderNo, content, userId (orderNo and userId are accepted and ignored; docs/api.md). */
export const listBody = paging(100, 30).extend({
  orderNo: rawText(64).optional(),
  content: text(100).optional(),
  userId: z.union([rawText(20), int()]).nullish(),
  /** The square and its search: the last picture's id of the previous page (keyset paging; pageNum still numbers it). */
  cursor: taskId.optional(),
});

export const submitBody = z.object({
  prompt: safeString().trim().min(1, 'drawing:prompt.required').max(2000, 'drawing:prompt.tooLong'),
  negativePrompt: text(1000).optional(),
  drawRate: z.enum(ASPECT_RATIOS).default('1:1'),
  drawQuality: intParam(1, 3).default(1).openapi({ description: '1 normal, 2 HD, 3 ultra HD' }),
  drawSteps: int()
    .min(1, 'drawing:steps.min')
    .max(40, 'drawing:steps.max')
    .nullish()
    .openapi({ description: 'default 20, at most 40' }),
  drawPublicFlag: intParam(1, 2).default(1).openapi({ description: '1 public, 2 private' }),
  seed: int(-1, 2_147_483_646).optional().openapi({ description: '-1 or absent: random' }),
  base64Array: z
    .array(rawText(7_000_000))
    .max(4)
    .default([])
    .openapi({ description: 'reference images: data URLs or base64 of JPEG, PNG, WebP or GIF (≤ 5 MB each)' }),
  notifyHook: rawText(500).optional().openapi({ description: 'accepted for compatibility, ignored' }),
  state: rawText(200).optional().openapi({ description: 'echoed back in the drawing message' }),
  mode: z.enum(['draw', 'midjourney', 'sd']).default('draw').openapi({ description: 'which screen asked' }),
});
