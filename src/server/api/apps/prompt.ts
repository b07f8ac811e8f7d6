import { createRoute } from '@hono/zod-openapi';
import { promptExport, storePage, storeQuery } from '../../../shared/contract/apps';
import { listStore } from '../../services/apps/apps';
import { access } from '../access';
import type { ApiApp } from '../context';
import { sharedReply } from '../errors';
import { jsonBody, jsonResponses } from '../route-kit';

export const listAll = createRoute({
  security: access.public,
  method: 'post',
  path: '/prompt/list/all',
  tags: ['prompt'],
  summary:
    "Published applications of the store, page by page, built-in ones in the `lang` cookie's language; content searches title, description and prompt",
  request: { body: jsonBody(storeQuery) },
  responses: jsonResponses(storePage),
});

export const exportList = createRoute({
  security: access.public,
  method: 'get',
  path: '/prompt/export',
  tags: ['prompt'],
  summary:
    "The store's published prompts as a prompt-store import file: a JSON array of {act, prompt}, built-in ones in the `lang` cookie's language",
  responses: {
    200: {
      description: 'JSON array (not the usual reply shape: it is a file to import)',
      content: { 'application/json': { schema: promptExport } },
    },
  },
});

export function registerPrompt(app: ApiApp) {
  app.openapi(listAll, async (c) => {
    const page = await listStore(c.get('runtime'), c.req.valid('json'), c.get('lang'));
    return sharedReply(c, page, page);
  });
  app.openapi(exportList, async (c) => {
    const { records } = await listStore(c.get('runtime'), { pageNum: 1, pageSize: 500 }, c.get('lang'));
    return c.json(records.map((r) => ({ act: r.promptTitle, prompt: r.promptContent })));
  });
}
