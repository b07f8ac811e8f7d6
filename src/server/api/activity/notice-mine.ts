import { createRoute } from '@hono/zod-openapi';
import { userNoticeQuery, userNoticeRead, userNotices } from '../../../shared/contract/activity';
import { markUserNoticeRead, unreadUserNotices } from '../../services/activity/notices';
import { access, userIdOf } from '../access';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import { jsonResponses } from '../route-kit';

const tags = ['notice'];

export const mine = createRoute({
  security: access.login,
  method: 'post',
  path: '/notice/mine',
  tags,
  summary: "The caller's own unread notices (a late payment honoured …), oldest first, in the request language",
  responses: jsonResponses(userNotices, { 1000001: 'not logged in' }),
});

export const read = createRoute({
  security: access.login,
  method: 'post',
  path: '/notice/mine/read',
  tags,
  summary: 'Marks one of the caller’s own notices read',
  request: { query: userNoticeQuery },
  responses: jsonResponses(userNoticeRead, { 1000001: 'not logged in' }),
});

/** Notices addressed to one user, shown once as a toast by the layout (src/lib/notice-toast.ts). */
export function registerUserNotices(app: ApiApp) {
  app.openapi(mine, async (c) => {
    const db = c.get('runtime').database.db;
    const userId = await userIdOf(c);
    return reply(c, await unreadUserNotices(db, userId, c.get('t')));
  });

  app.openapi(read, async (c) => {
    const db = c.get('runtime').database.db;
    const userId = await userIdOf(c);
    return reply(c, await markUserNoticeRead(db, userId, c.req.valid('query').id));
  });
}
