import { Code } from '../../../shared/codes';
import * as apps from '../../services/apps/apps';
import { userIdOf, viewerOf } from '../access';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './app.routes';

/** A published app waiting for review says so (docs/state-machines.md). */
const savedNote = (a: { published: boolean; review: string }) =>
  a.published && a.review === 'pending' ? 'chat:app.pendingNote' : 'chat:app.saved';

/** User-made applications: only the owner sees drafts, edits or deletes. */
export function registerApp(app: ApiApp) {
  type C = Parameters<Parameters<ApiApp['openapi']>[1]>[0];
  const db = (c: C) => c.get('runtime').database.db;

  app.openapi(r.mine, async (c) => reply(c, { records: await apps.listOwn(db(c), userIdOf(c), c.get('lang')) }));

  app.openapi(r.detail, async (c) => {
    const viewer = viewerOf(c);
    return reply(c, apps.ownDto(await apps.readApp(db(c), c.req.valid('query').id, viewer), c.get('lang')));
  });

  app.openapi(r.create, async (c) => {
    const id = userIdOf(c);
    const saved = await apps.createApp(c.get('runtime'), id, c.req.valid('json'));
    return reply(c, saved, c.get('t')(savedNote(saved)));
  });

  app.openapi(r.update, async (c) => {
    const id = userIdOf(c);
    const { id: appId, ...input } = c.req.valid('json');
    const saved = await apps.updateApp(c.get('runtime'), id, appId, input);
    return reply(c, saved, c.get('t')(savedNote(saved)));
  });

  app.openapi(r.remove, async (c) => {
    const id = userIdOf(c);
    await apps.deleteApp(c.get('runtime'), id, c.req.valid('json').id);
    return reply(c, null, c.get('t')('chat:app.deleted'), Code.DELETE_RESULT);
  });

  app.openapi(r.icon, async (c) => {
    const id = userIdOf(c);
    const data = c.req.valid('json').image;
    const bytes = Buffer.from(data.slice(data.indexOf(',') + 1), 'base64');
    return reply(c, { iconUrl: await apps.storeIcon(c.get('runtime'), id, bytes) });
  });
}
