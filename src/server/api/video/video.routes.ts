import { createRoute } from '@hono/zod-openapi';
import { noData } from '../../../shared/contract/common';
import {
  video,
  videoIdField,
  videoInput,
  videoListBody,
  videoPage,
  videoQuota,
  videoVisibility,
} from '../../../shared/contract/video';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';

const tags = ['video'];
const auth = { 1000001: 'not logged in' };
const missing = { 404: 'no such video, or not visible to the caller (HTTP 404)' };

export const submitVideo = createRoute({
  security: access.generating,
  method: 'post',
  path: '/video/submit',
  tags,
  summary:
    'Make a video from a prompt (and a reference picture); progress is pushed on /websocket/callback?taskId={id}',
  request: { body: jsonBody(videoInput) },
  responses: jsonResponses(video, {
    ...auth,
    1000000: 'queued (data is the video, status 1)',
    400: 'the prompt is missing or refused, or the reference picture is no picture',
    429: 'no video left today (HTTP 200; data.quota), or too many submits (HTTP 429)',
  }),
});
export const retryVideo = createRoute({
  security: access.generating,
  method: 'post',
  path: '/video/retry',
  tags,
  summary: 'Ask a failed video of the caller again (a new task, charged like any other)',
  request: { body: jsonBody(videoIdField) },
  responses: jsonResponses(video, { ...auth, ...missing, 400: 'the video has not failed' }),
});
export const listMine = createRoute({
  security: access.login,
  method: 'post',
  path: '/video/list/mine',
  tags,
  summary: "The caller's videos (running and finished), newest first",
  request: { body: jsonBody(videoListBody) },
  responses: jsonResponses(videoPage, auth),
});
export const listPublic = createRoute({
  security: access.optionalLogin,
  method: 'post',
  path: '/video/list/public',
  tags,
  summary: 'Finished public videos, latest first (no login needed)',
  request: { body: jsonBody(videoListBody) },
  responses: jsonResponses(videoPage),
});
export const videoDetail = createRoute({
  security: access.optionalLogin,
  method: 'get',
  path: '/video/detail',
  tags,
  summary: 'One video: public finished videos for anyone, others for their owner only',
  request: { query: videoIdField },
  responses: jsonResponses(video, missing),
});
export const deleteVideo = createRoute({
  security: access.login,
  method: 'post',
  path: '/video/delete',
  tags,
  summary: 'Delete a finished or failed video of the caller, with its files',
  request: { body: jsonBody(videoIdField) },
  responses: jsonResponses(noData, { ...auth, ...missing, 1000400: 'deleted (result says so)', 400: 'still running' }),
});
export const setVisibility = createRoute({
  security: access.publishingPublic,
  method: 'post',
  path: '/video/visibility',
  tags,
  summary: 'Make a video of the caller public (the square) or private',
  request: { body: jsonBody(videoVisibility) },
  responses: jsonResponses(video, { ...auth, ...missing }),
});
export const readQuota = createRoute({
  security: access.login,
  method: 'get',
  path: '/video/quota',
  tags,
  summary: "The caller's videos today: free ones left, and the credit price past them",
  responses: jsonResponses(videoQuota, auth),
});
