import { createRoute } from '@hono/zod-openapi';
import { notice, noticeRead, notices, noticeQuery as query } from '../../../shared/contract/activity';
import { access } from '../access';
import { jsonResponses } from '../route-kit';

const tags = ['notice'];

export const load = createRoute({
  security: access.optionalLogin,
  method: 'post',
  path: '/notice/load',
  tags,
  summary: 'A notice to show, unless the caller has read it (visitors keep their own read flag)',
  request: { query },
  responses: jsonResponses(notice, { 1000701: 'already read, or nothing to show' }),
});

export const announcements = createRoute({
  security: access.optionalLogin,
  method: 'post',
  path: '/notice/announcements',
  tags,
  summary: 'The announcements to show the caller now (scheduled, for their audience; a user’s unread ones)',
  responses: jsonResponses(notices),
});

export const push = createRoute({
  security: access.optionalLogin,
  method: 'post',
  path: '/notice/push',
  tags,
  summary: 'Marks the notice read for the caller (a no-op for visitors)',
  request: { query },
  responses: jsonResponses(noticeRead, {
    404: 'no such notice (HTTP 404)',
  }),
});
