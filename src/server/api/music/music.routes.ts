import { createRoute } from '@hono/zod-openapi';
import { fileBody, noData } from '../../../shared/contract/common';
import {
  songListBody as listBody,
  lyrics,
  lyricsBody,
  musicQuota,
  song,
  songIdField,
  songInput,
  songPage,
  songVisibility,
} from '../../../shared/contract/music';
import { access } from '../access';
import { errorResponses } from '../reply-schema';
import { jsonBody, jsonResponses } from '../route-kit';

const tags = ['music'];
const auth = { 1000001: 'not logged in' };
const missing = { 404: 'no such song, or not visible to the caller (HTTP 404)' };

export const submitSong = createRoute({
  security: access.generating,
  method: 'post',
  path: '/music/submit',
  tags,
  summary: 'Compose a song (uses one composition); progress is pushed on /websocket/callback?taskId={id}',
  request: {
    body: jsonBody(songInput),
  },
  responses: jsonResponses(song, {
    ...auth,
    1000000: 'queued (data is the song, status 1)',
    400: 'a description (inspiration) or lyrics (custom, with vocals) is missing',
    429: 'no composition left (HTTP 200; data.quota, data.link to the composition packs), or too many submits (HTTP 429)',
  }),
});
export const listMine = createRoute({
  security: access.login,
  method: 'post',
  path: '/music/list/mine',
  tags,
  summary: "The caller's songs (running and finished), newest first",
  request: { body: jsonBody(listBody) },
  responses: jsonResponses(songPage, auth),
});
export const listPublic = createRoute({
  security: access.optionalLogin,
  method: 'post',
  path: '/music/list/public',
  tags,
  summary: 'Finished public songs, latest first (no login needed)',
  request: { body: jsonBody(listBody) },
  responses: jsonResponses(songPage),
});
export const songDetail = createRoute({
  security: access.optionalLogin,
  method: 'get',
  path: '/music/detail',
  tags,
  summary: 'One song: public finished songs for anyone, others for their owner only',
  request: { query: songIdField },
  responses: jsonResponses(song, missing),
});
export const downloadSong = createRoute({
  security: access.optionalLogin,
  method: 'get',
  path: '/music/download',
  tags,
  summary:
    "A song's file to save: its name says 'AI生成' (Content-Disposition filename*), the console may add a short tone first",
  request: { query: songIdField },
  responses: {
    200: { description: 'The audio file (attachment)', content: { 'audio/mpeg': { schema: fileBody } } },
    ...errorResponses,
    404: { description: 'no such song, or not visible to the caller', content: errorResponses[400].content },
  },
});
export const deleteSong = createRoute({
  security: access.login,
  method: 'post',
  path: '/music/delete',
  tags,
  summary: 'Delete a finished or failed song of the caller, with its files',
  request: { body: jsonBody(songIdField) },
  responses: jsonResponses(noData, {
    ...auth,
    ...missing,
    1000400: 'deleted (result says so)',
    400: 'still composing',
  }),
});
export const setVisibility = createRoute({
  security: access.publishingPublic,
  method: 'post',
  path: '/music/visibility',
  tags,
  summary: 'Make a song of the caller public or private',
  request: { body: jsonBody(songVisibility) },
  responses: jsonResponses(song, { ...auth, ...missing }),
});
export const writeLyrics = createRoute({
  security: access.generating,
  method: 'post',
  path: '/music/lyrics',
  tags,
  summary: "'Write lyrics for me': lyrics and a title for a description (free of charge)",
  request: { body: jsonBody(lyricsBody) },
  responses: jsonResponses(lyrics, {
    ...auth,
    503: 'the lyrics service failed (HTTP 503)',
  }),
});
export const readQuota = createRoute({
  security: access.login,
  method: 'get',
  path: '/music/quota',
  tags,
  summary: "The caller's compositions: today's free ones and bought ones",
  responses: jsonResponses(musicQuota, auth),
});
