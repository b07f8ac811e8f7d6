import { Readable } from 'node:stream';
import { searchConversations } from '../../services/chat/search';
import { createShare, listShares, revokeShare, setListed, shareFile } from '../../services/chat/shares';
import { userIdOf } from '../access';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './shares.routes';

/** Shares of conversations (docs/chat.md#sharing) and search across one's own (docs/chat.md#search). */
export function registerShares(app: ApiApp) {
  type C = Parameters<Parameters<ApiApp['openapi']>[1]>[0];
  const db = (c: C) => c.get('runtime').database.db;

  app.openapi(r.createShare, async (c) => {
    const id = userIdOf(c);
    return reply(c, await createShare(c.get('runtime'), id, c.req.valid('json')));
  });

  app.openapi(r.listShares, async (c) => reply(c, { records: await listShares(db(c), userIdOf(c)) }));

  app.openapi(r.updateShare, async (c) => {
    const id = userIdOf(c);
    return reply(c, await setListed(c.get('runtime'), id, c.req.valid('param').id, c.req.valid('json').listed));
  });

  app.openapi(r.revokeShare, async (c) => {
    const id = userIdOf(c);
    await revokeShare(c.get('runtime'), id, c.req.valid('param').id);
    return reply(c, null);
  });

  app.openapi(r.shareFile, async (c) => {
    const { id, attachmentId } = c.req.valid('param');
    const file = await shareFile(c.get('runtime'), id, attachmentId);
    // Revocable, so never cached for good; nosniff (set for every response) keeps it a picture.
    return new Response(Readable.toWeb(file.body) as ReadableStream, {
      headers: { 'content-type': file.mime, 'cache-control': 'private, max-age=300' },
    }) as never;
  });

  app.openapi(r.searchConversations, async (c) => {
    const id = userIdOf(c);
    return reply(c, { records: await searchConversations(c.get('runtime'), id, c.req.valid('query').q) });
  });
}
