import { createRoute } from '@hono/zod-openapi';
import { knowledgeConsoleQuery, knowledgeConsoleReport } from '../../../shared/contract/knowledge-console';
import { knowledgeReport } from '../../services/knowledge/console-knowledge';
import { access } from '../access';
import { codes, tags } from '../admin/console-kit';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import { jsonResponses } from '../route-kit';

export const knowledgeUsers = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/knowledge',
  tags,
  summary: 'Knowledge bases per user: bases, files, stored bytes, passages, failed and working files; biggest first',
  request: {
    query: knowledgeConsoleQuery,
  },
  responses: jsonResponses(knowledgeConsoleReport, codes),
});

/** The console's knowledge-base page (docs/console.md): operators and admins, read only. */
export function registerKnowledgeConsole(app: ApiApp) {
  app.openapi(knowledgeUsers, async (c) => {
    const q = c.req.valid('query');
    return reply(
      c,
      await knowledgeReport(c.get('runtime'), { search: q.search || undefined, page: q.page, size: q.size }),
    );
  });
}
