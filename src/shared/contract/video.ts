import { z } from '@hono/zod-openapi';
import { VIDEO_ASPECTS } from '../video';
import { pageOf } from './common';
import { paging, pattern, rawText, text } from './input';
import { reviewState } from './moderation';

/** Requests and replies of the video API (src/server/api/video/). Status codes: VideoStatus in ../video.ts. */

/** A video task and, once done, its files; `mine` tells the viewer's own videos apart (docs/api.md). */
export const video = z
  .object({
    id: z.string(),
    prompt: z.string(),
    mode: z.string().openapi({ description: 'text (text-to-video) | image (picture-to-video)' }),
    duration: z.number().int().openapi({ description: 'seconds asked: 5 or 10' }),
    aspect: z.string().openapi({ description: '16:9 | 9:16 | 1:1' }),
    isPublic: z.boolean(),
    review: reviewState,
    status: z.number().int().openapi({ description: '1 queued, 2 generating, 10 done, 11 failed' }),
    progress: z.number().int().openapi({ description: '0–100' }),
    videoUrl: z.string().nullable(),
    coverUrl: z.string().nullable(),
    thumbUrl: z.string().nullable(),
    referenceUrl: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    seconds: z.number().nullable().openapi({ description: 'the made video’s length' }),
    error: z.string().nullable(),
    label: z.string().openapi({ description: "'AI生成': every video is labelled as generated" }),
    provider: z.string(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    mine: z.boolean(),
  })
  .openapi('Video');
export type Video = z.infer<typeof video>;

export const videoPage = pageOf(video);

/** The caller's videos today: free ones first, then (when priced) credits. */
export const videoQuota = z
  .object({
    freeLimit: z.number().int(),
    freeUsed: z.number().int(),
    freeLeft: z.number().int(),
    member: z.boolean(),
    price: z.number().int().openapi({ description: 'credits a video costs past the free ones (0: not sold)' }),
    resetsAt: z.string(),
  })
  .openapi('VideoQuota');
export type VideoQuota = z.infer<typeof videoQuota>;

/** The data of the refusal "no video left today" (code 429, HTTP 200). */
export const videoExhausted = z.object({ quota: videoQuota, link: z.string() });
export type VideoExhausted = z.infer<typeof videoExhausted>;

/** POST /api/video/submit: text-to-video, or picture-to-video with a reference picture. */
export const videoInput = z.object({
  prompt: text(500, 1),
  duration: z
    .union([z.literal(5), z.literal(10)], { error: 'video:submit.duration' })
    .default(5)
    .openapi({ description: 'seconds: 5 or 10' }),
  aspect: z.enum(VIDEO_ASPECTS, { error: 'video:submit.aspect' }).default('16:9'),
  image: rawText(7_000_000)
    .optional()
    .openapi({ description: 'reference picture: a data URL or base64 of JPEG, PNG, WebP or GIF (≤ 5 MB)' }),
  isPublic: z.boolean().default(false),
});
export type VideoInput = z.input<typeof videoInput>;

/** Video task id (video_…): the push taskId. */
export const videoId = pattern(/^video_[A-Za-z0-9_-]{1,40}$/, 48, { trim: true }).openapi({
  description: 'Video task id (video_…): the push taskId',
});
export const videoIdField = z.object({ id: videoId });
export const videoListBody = paging(50, 20);
export const videoVisibility = z.object({ id: videoId, isPublic: z.boolean() });
