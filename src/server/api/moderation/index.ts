import { moderateItem } from '../../services/moderation/actions';
import { reportQueue } from '../../services/moderation/queue';
import { fileReport } from '../../services/moderation/reports';
import { viewerOf } from '../access';
import { actorOf } from '../admin/guard';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './reports.routes';

export { registerModerationConsole } from './console';

/**
 * Reports and takedowns: anyone may report a public item; the console's
 * queue and its actions sit behind the console guard (registered after it,
 * under /api/admin).
 */
export function registerModeration(app: ApiApp) {
  app.openapi(r.fileReport, async (c) => {
    const rt = c.get('runtime');
    // A token that is sent must be valid (401 otherwise); without one the visitor's limit applies.
    const userId = viewerOf(c);
    await fileReport(rt, { userId, ip: c.get('ip') }, c.req.valid('json'));
    return reply(c, null, c.get('t')('common:report.thanks'));
  });

  app.openapi(r.reportQueue, async (c) => reply(c, await reportQueue(c.get('runtime'), c.req.valid('query'))));

  app.openapi(r.moderate, async (c) => {
    const body = c.req.valid('json');
    return reply(c, { applied: await moderateItem(c.get('runtime'), { ...body, actor: actorOf(c) }) });
  });
}
