import { createRoute } from '@hono/zod-openapi';
import { fileBody, noData } from '../../../shared/contract/common';
import {
  actionBody,
  drawingMessage,
  drawingMessages,
  drawingPage,
  drawQuota,
  listBody,
  notifyHookParams,
  picturePage,
  submitBody,
  submitted,
  submittedBeside,
  taskIdBody,
  unfinishedBody,
  visibilityBody,
} from '../../../shared/contract/drawing';
import { access } from '../access';
import { errorResponses, replyWith } from '../reply-schema';
import { jsonBody, jsonResponses } from '../route-kit';

const tags = ['sd'];
const auth = { 1000001: 'not logged in' };

export const submitImagine = createRoute({
  security: access.generating,
  method: 'post',
  path: '/sd/submit/imagine',
  tags,
  summary: 'Start a drawing (status 1); progress is pushed to the socket of taskId = id',
  request: { body: jsonBody(submitBody) },
  responses: {
    ...jsonResponses(drawingMessage, {
      ...auth,
      1000000: 'submitted: data and mjChatMessage are the drawing message',
      400: 'a drawing is still running, or a reference image was refused (result says why)',
      429: "today's drawings are used up (data.link leads to membership)",
    }),
    200: {
      description: 'Reply codes — 1000000 submitted; 1000001 not logged in; 400 refused; 429 quota used up',
      content: {
        'application/json': {
          schema: replyWith(submitted, submittedBeside),
        },
      },
    },
  },
});

export const submitAction = createRoute({
  security: access.generating,
  method: 'post',
  path: '/sd/submit/action',
  tags,
  summary:
    'Act on a finished picture of the caller (U1–U4, V1–V4, reroll, vary, zoom, pan, inpaint, upscale): a new task on the engine that drew it',
  request: { body: jsonBody(actionBody) },
  responses: jsonResponses(drawingMessage, {
    ...auth,
    1000000: 'submitted: data is the new task’s drawing message',
    400: 'a drawing is still running, the picture is not finished, or the action is not one it offers (result says why)',
    404: 'no such drawing of the caller (HTTP 404)',
    429: "today's drawings are used up (data.link leads to membership)",
  }),
});

export const retryDrawing = createRoute({
  security: access.generating,
  method: 'post',
  path: '/sd/retry',
  tags,
  summary: 'Run a failed drawing or action of the caller again, as a new task with the same settings',
  request: { body: jsonBody(taskIdBody) },
  responses: jsonResponses(drawingMessage, {
    ...auth,
    400: 'a drawing is still running, or the task did not fail',
    404: 'no such drawing of the caller (HTTP 404)',
    429: "today's drawings are used up (data.link leads to membership)",
  }),
});

export const listPicture = createRoute({
  security: access.public,
  method: 'post',
  path: '/sd/list/picture',
  tags,
  summary: 'Public pictures (square and public gallery), newest first',
  request: { body: jsonBody(listBody) },
  responses: jsonResponses(picturePage),
});

export const listUserDrawing = createRoute({
  security: access.login,
  method: 'post',
  path: '/sd/list/user/drawing',
  tags,
  summary: "The caller's unfinished drawings (resume progress after a reload)",
  request: { body: jsonBody(unfinishedBody) },
  responses: jsonResponses(drawingMessages, auth),
});

export const listUserPicture = createRoute({
  security: access.login,
  method: 'post',
  path: '/sd/list/user/picture',
  tags,
  summary: "The caller's finished pictures (my works), newest first",
  request: { body: jsonBody(listBody) },
  responses: jsonResponses(drawingPage, auth),
});

export const taskDetail = createRoute({
  security: access.login,
  method: 'post',
  path: '/sd/task',
  tags,
  summary: 'One drawing of the caller, any status',
  request: { body: jsonBody(taskIdBody) },
  responses: jsonResponses(drawingMessage, { ...auth, 404: 'no such drawing of the caller (HTTP 404)' }),
});

export const downloadPicture = createRoute({
  security: access.optionalLogin,
  method: 'get',
  path: '/sd/download',
  tags,
  summary:
    "A finished picture's file to save: the 'AI生成' badge in its corner, the implicit label in XMP and EXIF (the caller's own, or public)",
  request: { query: taskIdBody },
  responses: {
    200: { description: 'The picture (WebP attachment)', content: { 'image/webp': { schema: fileBody } } },
    ...errorResponses,
    404: { description: 'no such finished picture visible to the caller', content: errorResponses[400].content },
  },
});

export const deleteDrawing = createRoute({
  security: access.login,
  method: 'post',
  path: '/sd/delete',
  tags,
  summary: 'Delete a drawing of the caller (code 1000400 with the result text, docs/reply-codes.md)',
  request: { body: jsonBody(taskIdBody) },
  responses: jsonResponses(noData, {
    ...auth,
    1000400: 'deleted (result says so)',
    404: 'no such drawing of the caller (HTTP 404)',
  }),
});

export const setVisibility = createRoute({
  security: access.publishingPicture,
  method: 'post',
  path: '/sd/visibility',
  tags,
  summary: 'Make a drawing of the caller public (1: the square) or private (2)',
  request: { body: jsonBody(visibilityBody) },
  responses: jsonResponses(drawingMessage, { ...auth, 404: 'no such drawing of the caller (HTTP 404)' }),
});

export const readQuota = createRoute({
  security: access.login,
  method: 'get',
  path: '/sd/quota',
  tags,
  summary: "The caller's drawings left today (null: unlimited) and membership end",
  responses: jsonResponses(drawQuota, auth),
});

export const notifyHook = createRoute({
  security: access.public,
  method: 'post',
  path: '/sd/hook/{taskId}/{token}',
  tags,
  summary: "midjourney-proxy notifyHook: wakes the task's runner, which fetches the task itself",
  request: { params: notifyHookParams },
  responses: jsonResponses(noData, { 404: 'unknown task or token (HTTP 404)' }),
});
