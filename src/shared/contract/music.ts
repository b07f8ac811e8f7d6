import { z } from '@hono/zod-openapi';
import { pageOf } from './common';
import { paging, pattern, rawText, text } from './input';
import { reviewState } from './moderation';

/** Requests and replies of the music API (src/server/api/music/). Status codes: SongStatus in ../music.ts. */

/** What the composer chose, shown beside the song; `lang` is the request's language. */
const songMeta = z.object({
  lang: z.string().optional(),
  key: z.string().optional(),
  bpm: z.number().optional(),
  mood: z.string().optional(),
  style: z.string().optional(),
});
export type SongMeta = z.infer<typeof songMeta>;

/** A song; `mine` tells the viewer's own songs apart (docs/api.md). */
export const song = z
  .object({
    id: z.string(),
    mode: z.string().openapi({ description: 'inspiration | custom' }),
    title: z.string(),
    tags: z.string(),
    prompt: z.string(),
    lyrics: z.string(),
    instrumental: z.boolean(),
    isPublic: z.boolean(),
    review: reviewState,
    status: z.number().int().openapi({ description: '1 queued, 2 composing, 3 rendering, 10 done, 11 failed' }),
    progress: z.number().int().openapi({ description: '0–100' }),
    audioUrl: z.string().nullable(),
    coverUrl: z.string().nullable(),
    duration: z.number().nullable().openapi({ description: 'seconds' }),
    meta: songMeta,
    label: z.string().openapi({ description: "'AI生成': every song is labelled as generated" }),
    provider: z.string(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    mine: z.boolean(),
  })
  .openapi('Song');
export type Song = z.infer<typeof song>;

export const songPage = pageOf(song);

/** The caller's compositions: free ones first, then bought ones (/api/music/quota). */
export const musicQuota = z
  .object({
    balance: z.number().int().openapi({ description: 'compositions bought (productType 4)' }),
    /** Today's free allowance, what is used of it and what is left. */
    freeLimit: z.number().int(),
    freeUsed: z.number().int(),
    freeLeft: z.number().int(),
    total: z.number().int().openapi({ description: 'compositions the caller can start now' }),
    member: z.boolean(),
    cost: z.number().int().openapi({ description: 'compositions one song uses' }),
    /** When today's free allowance starts over (ISO). */
    resetsAt: z.string(),
  })
  .openapi('MusicQuota');
export type MusicQuota = z.infer<typeof musicQuota>;

/** The data of the refusal "no composition left" (code 429, HTTP 200): the quota and where packs are sold. */
export const musicExhausted = z.object({ quota: musicQuota, link: z.string() });
export type MusicExhausted = z.infer<typeof musicExhausted>;

/** /api/music/submit: a song to compose (inspiration: from a description; custom: own title, style and lyrics). */
export const songInput = z.object({
  mode: z.enum(['inspiration', 'custom']),
  prompt: rawText(400).default('').openapi({ description: 'the description (inspiration mode)' }),
  title: rawText(80).default(''),
  tags: rawText(200).default('').openapi({ description: 'style tags, comma separated' }),
  lyrics: rawText(3000).default(''),
  instrumental: z.boolean().default(false),
  isPublic: z.boolean().default(false),
});
/** What the compose form sends: every field filled in (the schema defaults what a caller may omit). */
export type SongInput = Required<z.input<typeof songInput>>;

/** Song task id (song_…): the push taskId and /songsDetail?id=. */
export const songId = pattern(/^song_[A-Za-z0-9_-]{1,40}$/, 48, { trim: true }).openapi({
  description: 'Song task id (song_…): the push taskId and /songsDetail?id=',
});
/** One song by its id (detail's query, delete's body). */
export const songIdField = z.object({ id: songId });
export const songListBody = paging(50, 20);
/** POST /api/music/visibility. */
export const songVisibility = z.object({ id: songId, isPublic: z.boolean() });
/** POST /api/music/lyrics: "write lyrics for me" from a description. */
export const lyricsBody = z.object({ prompt: text(400, 1) });
export const lyrics = z.object({ title: z.string(), lyrics: z.string() });
export type Lyrics = z.infer<typeof lyrics>;
