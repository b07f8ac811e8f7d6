import { z } from '@hono/zod-openapi';
import {
  ACTION_KEYS,
  ASPECT_RATIOS,
  DRAW_ACTIONS,
  PAN_DIRECTIONS,
  VARY_STRENGTHS,
  ZOOM_MAX,
  ZOOM_MIN,
} from '../drawing';
import { dailyQuotaFields, pageOf } from './common';
import { int, intParam, paging, pattern, rawText, safeString, text } from './input';
import { reviewState } from './moderation';

/** Requests and replies of the drawing API (/api/sd/*, src/server/api/drawing/). Status codes: DrawingStatus in ../drawing.ts. */

/** Drawing message, with the settings it was drawn with: what the owner sees (docs/api.md). */
export const drawingMessage = z
  .object({
    id: z.string(),
    prompt: z.string(),
    content: z.string(),
    negativePrompt: z.string().nullable(),
    status: z.number().int().openapi({
      description:
        'docs/state-machines.md: 1 submitted, 13 compliance check, 2 drawing, 10 done, 11 failed, 12 violating content, 14 sensitive information',
    }),
    progress: z.number().int().openapi({ description: "the provider's progress, 0–100" }),
    thumbnailsUrl: z.string().nullable(),
    imageUrl: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    drawRate: z.string(),
    drawQuality: z.number().int(),
    drawSteps: z.number().int(),
    drawPublicFlag: z.number().int(),
    review: reviewState,
    seed: z.number().int(),
    source: z.string(),
    state: z.string().nullable(),
    /** What made it: null for a drawing from the prompt, else the action on `parentId` (shared/drawing.ts). */
    action: z.enum(DRAW_ACTIONS).nullable(),
    parentId: z.string().nullable().openapi({ description: 'the picture the action was done on (null when gone)' }),
    grid: z.boolean().openapi({ description: 'a 2×2 grid of four candidates (U1–U4 / V1–V4 apply)' }),
    actions: z
      .array(z.enum(ACTION_KEYS))
      .openapi({ description: 'the buttons a finished picture offers on its engine (empty until done)' }),
    createTime: z.number().int(),
  })
  .openapi('DrawingMessage');
export type DrawingMessage = z.infer<typeof drawingMessage>;

/** Drawing square picture: only what may be shown to anyone (no owner, seed or state; docs/api.md). */
export const publicPicture = z
  .object({
    id: z.string(),
    content: z.string(),
    prompt: z.string(),
    thumbnailsUrl: z.string(),
    imageUrl: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    drawRate: z.string(),
    drawQuality: z.number().int(),
    drawSteps: z.number().int(),
    createTime: z.number().int(),
  })
  .openapi('DrawingPicture');
export type PublicPicture = z.infer<typeof publicPicture>;

export const drawingPage = pageOf(drawingMessage);
export type DrawingPage = z.infer<typeof drawingPage>;
export const picturePage = pageOf(publicPicture);

/** Today's drawings of a logged-in user (/api/sd/quota; resets at the site time zone's midnight). */
export const drawQuota = z.object(dailyQuotaFields);
export type DrawQuota = z.infer<typeof drawQuota>;

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

/**
 * POST /api/sd/submit/action: a new task acting on a finished picture of the caller. Which
 * fields an action needs: upscale and variation an `index` on a grid, vary a `strength`, zoom a
 * `zoom` factor, pan a `direction`, inpaint a `mask`; zoom, pan and inpaint may give a new prompt.
 */
export const actionBody = z.object({
  id: taskId,
  action: z.enum(DRAW_ACTIONS),
  index: intParam(1, 4).optional().openapi({ description: 'the grid quadrant: 1 top left … 4 bottom right' }),
  strength: z.enum(VARY_STRENGTHS).optional(),
  zoom: z
    .number()
    .min(ZOOM_MIN, 'drawing:action.zoomRange')
    .max(ZOOM_MAX, 'drawing:action.zoomRange')
    .optional()
    .openapi({ description: 'zoom out factor: 2 and 1.5 are the fixed buttons, anything else custom' }),
  direction: z.enum(PAN_DIRECTIONS).optional(),
  prompt: text(2000)
    .optional()
    .openapi({ description: 'zoom, pan, inpaint: what to draw (the picture’s own prompt when empty)' }),
  mask: rawText(7_000_000)
    .optional()
    .openapi({ description: 'inpaint: a PNG (data URL or base64) the picture’s size or ratio; white is repainted' }),
  drawPublicFlag: intParam(1, 2).optional().openapi({ description: 'default: the picture’s own' }),
});

/** A drawing of the caller by its id (detail, delete). */
export const taskIdBody = z.object({ id: taskId });
/** POST /api/sd/visibility: public (1: the square) or private (2). */
export const visibilityBody = z.object({ id: taskId, drawPublicFlag: intParam(1, 2) });
/** The caller's unfinished drawings: the list body, every field optional. */
export const unfinishedBody = listBody.partial();
export const drawingMessages = z.array(drawingMessage);
/** The data of a submit (null when refused); the message is also `mjChatMessage` beside it (legacy). */
export const submitted = drawingMessage.nullable();
export const submittedBeside = { mjChatMessage: drawingMessage };
/** The path of midjourney-proxy's notifyHook. */
export const notifyHookParams = z.object({ taskId, token: pattern(/^[A-Za-z0-9_-]{1,64}$/, 64) });
