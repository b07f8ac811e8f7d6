import { currentAnnouncements, loadNotice, markNoticeRead, noticeVars } from '../../services/activity/notices';
import { viewerOf } from '../access';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './notice.routes';
import { registerUserNotices } from './notice-mine';

/** Notice calls: load (1000701 once read), the current announcements, and push (mark read) (docs/api.md). */
export function registerNotice(app: ApiApp) {
  app.openapi(r.load, async (c) => {
    const rt = c.get('runtime');
    const userId = viewerOf(c);
    const { noticeId } = c.req.valid('query');
    return reply(c, await loadNotice(rt.database.db, noticeId, userId, c.get('lang'), await noticeVars(rt)));
  });

  app.openapi(r.announcements, async (c) => {
    const rt = c.get('runtime');
    const userId = viewerOf(c);
    return reply(c, await currentAnnouncements(rt.database.db, userId, c.get('lang'), await noticeVars(rt)));
  });

  app.openapi(r.push, async (c) => {
    const db = c.get('runtime').database.db;
    const userId = viewerOf(c);
    const { noticeId } = c.req.valid('query');
    if (userId === null) return reply(c, { noticeId, revision: null });
    return reply(c, await markNoticeRead(db, noticeId, userId));
  });

  registerUserNotices(app);
}
