import { loadNotice, markNoticeRead } from '../../services/activity/notices';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import { optionalUserId } from './index';
import * as r from './notice.routes';
import { registerUserNotices } from './notice-mine';

/** Notice calls: load (1000701 once read) and push (mark read) (docs/api.md). */
export function registerNotice(app: ApiApp) {
  app.openapi(r.load, async (c) => {
    const db = c.get('runtime').database.db;
    const userId = await optionalUserId(c);
    return reply(c, await loadNotice(db, c.req.valid('query').noticeId, userId, c.get('lang')));
  });

  app.openapi(r.push, async (c) => {
    const db = c.get('runtime').database.db;
    const userId = await optionalUserId(c);
    const { noticeId } = c.req.valid('query');
    if (userId === null) return reply(c, { noticeId, revision: null });
    return reply(c, await markNoticeRead(db, noticeId, userId));
  });

  registerUserNotices(app);
}
