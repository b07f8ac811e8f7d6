import { createRoute } from '@hono/zod-openapi';
import {
  appIcon,
  appIconStored,
  appId,
  appUpdate,
  appInput as input,
  ownApp,
  ownApps,
} from '../../../shared/contract/apps';
import { noData } from '../../../shared/contract/common';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';

const tags = ['app'];
const auth = { 1000001: 'not logged in' };

export const mine = createRoute({
  security: access.login,
  method: 'get',
  path: '/app/mine',
  tags,
  summary: "The caller's own applications, drafts included, latest change first",
  responses: jsonResponses(ownApps, auth),
});
export const detail = createRoute({
  security: access.optionalLogin,
  method: 'get',
  path: '/app/detail',
  tags,
  summary: 'One application: published ones for anyone, drafts for their owner only',
  request: { query: appId },
  responses: jsonResponses(ownApp, { 404: 'no such application, or a draft of someone else (HTTP 404)' }),
});
export const create = createRoute({
  security: access.publishingApp,
  method: 'post',
  path: '/app/create',
  tags,
  summary: 'Create an application (published to the store when `published`)',
  request: { body: jsonBody(input) },
  responses: jsonResponses(ownApp, auth),
});
export const update = createRoute({
  security: access.publishingApp,
  method: 'post',
  path: '/app/update',
  tags,
  summary: 'Change an own application',
  request: { body: jsonBody(appUpdate) },
  responses: jsonResponses(ownApp, { ...auth, 403: 'not the owner (HTTP 403)', 404: 'no such application (HTTP 404)' }),
});
export const remove = createRoute({
  security: access.login,
  method: 'post',
  path: '/app/delete',
  tags,
  summary: 'Delete an own application',
  request: { body: jsonBody(appId) },
  responses: jsonResponses(noData, {
    ...auth,
    1000400: 'deleted; result says so (docs/reply-codes.md)',
    403: 'not the owner (HTTP 403)',
    404: 'no such application (HTTP 404)',
  }),
});
export const icon = createRoute({
  security: access.login,
  method: 'post',
  path: '/app/icon',
  tags,
  summary: 'Upload an icon (PNG, JPEG, WebP or GIF as a data: URL, at most 512 KB); answers its URL',
  request: { body: jsonBody(appIcon) },
  responses: jsonResponses(appIconStored, { ...auth, 400: 'not an image, or too large' }),
});
