import { z } from '@hono/zod-openapi';
import { dailyQuotaFields, pageOf } from './common';
import { reviewState } from './moderation';

/** Replies of the drawing API (/api/sd/*, src/server/api/drawing/). Status codes: DrawingStatus in ../drawing.ts. */

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
