import { Code } from '../../../shared/codes';
import { DomainError } from '../../errors';
import { createBase, deleteBase, listBases, renameBase } from '../../services/knowledge/bases';
import { addFile, addUrl, deleteFile, listFiles } from '../../services/knowledge/files';
import { searchAllowed, searchPassages } from '../../services/knowledge/search';
import { userIdOf } from '../access';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './knowledge.routes';

export { registerKnowledgeConsole } from './console';

const noFile = () => new DomainError(Code.BAD_REQUEST, 'knowledge:file.noFile', { status: 400 });

export function registerKnowledge(app: ApiApp) {
  app.openapi(r.listBases, async (c) => reply(c, await listBases(c.get('runtime'), userIdOf(c))));

  app.openapi(r.createBase, async (c) =>
    reply(c, await createBase(c.get('runtime'), userIdOf(c), c.req.valid('json').name)),
  );

  app.openapi(r.renameBase, async (c) =>
    reply(c, await renameBase(c.get('runtime'), userIdOf(c), c.req.valid('param').id, c.req.valid('json').name)),
  );

  app.openapi(r.deleteBase, async (c) => {
    await deleteBase(c.get('runtime'), userIdOf(c), c.req.valid('param').id);
    return reply(c, null);
  });

  app.openapi(r.listFiles, async (c) =>
    reply(c, await listFiles(c.get('runtime'), userIdOf(c), c.req.valid('param').id, c.get('lang'))),
  );

  app.openapi(r.addFile, async (c) => {
    const rt = c.get('runtime');
    const userId = userIdOf(c);
    const baseId = c.req.valid('param').id;
    const lang = c.get('lang');
    // The route validated whichever body the content type named: a page's address, or a file.
    if (/^application\/json/i.test(c.req.header('content-type') ?? '')) {
      const body = c.req.valid('json');
      if (!('url' in body)) throw noFile();
      return reply(c, await addUrl(rt, userId, baseId, body.url, lang, c.req.raw.signal));
    }
    const file = (c.req.valid('form') as { file?: File } | undefined)?.file;
    if (!file) throw noFile();
    const bytes = Buffer.from(await file.arrayBuffer());
    return reply(c, await addFile(rt, userId, baseId, { name: file.name, bytes }, lang));
  });

  app.openapi(r.deleteFile, async (c) => {
    const { id, fileId } = c.req.valid('param');
    await deleteFile(c.get('runtime'), userIdOf(c), id, fileId);
    return reply(c, null);
  });

  app.openapi(r.search, async (c) => {
    const rt = c.get('runtime');
    const userId = userIdOf(c);
    await searchAllowed(rt, userId);
    const { query, limit } = c.req.valid('json');
    return reply(c, await searchPassages(rt, userId, [c.req.valid('param').id], query, limit ?? 8, c.req.raw.signal));
  });
}
