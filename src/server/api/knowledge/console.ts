import { knowledgeConsoleQuery, knowledgeConsoleReport } from '../../../shared/contract/knowledge-console';
import { knowledgeReport } from '../../services/knowledge/console-knowledge';
import { consoleRoute } from '../admin/console-kit';
import type { ApiApp } from '../context';
import { reply } from '../errors';

export const knowledgeUsers = consoleRoute('get', '/admin/knowledge', knowledgeConsoleReport, {
  summary: 'Knowledge bases per user: bases, files, stored bytes, passages, failed and working files; biggest first',
  request: { query: knowledgeConsoleQuery },
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
