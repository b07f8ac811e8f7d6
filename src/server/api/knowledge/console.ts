import { idParam } from '../../../shared/contract/common';
import {
  builtinAppBaseApplied,
  builtinAppBaseBody,
  builtinAppBases,
  knowledgeConsoleQuery,
  knowledgeConsoleReport,
} from '../../../shared/contract/knowledge-console';
import { builtinAppBases as listBuiltinAppBases, setBuiltinAppBase } from '../../services/apps/app-knowledge';
import { knowledgeReport } from '../../services/knowledge/console-knowledge';
import { consoleRoute } from '../admin/console-kit';
import { actorOf, requireAdmin } from '../admin/guard';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import { jsonBody } from '../route-kit';

export const knowledgeUsers = consoleRoute('get', '/admin/knowledge', knowledgeConsoleReport, {
  summary: 'Knowledge bases per user: bases, files, stored bytes, passages, failed and working files; biggest first',
  request: { query: knowledgeConsoleQuery },
});

export const appBases = consoleRoute('get', '/admin/knowledge/apps', builtinAppBases, {
  summary: "Built-in apps with the knowledge base each answers from, and the admins' bases to pick (admin)",
});

export const setAppBase = consoleRoute('post', '/admin/knowledge/apps/{id}', builtinAppBaseApplied, {
  summary: 'Gives a built-in app a base an admin owns, or none (admin); another base answers 404',
  request: { params: idParam, body: jsonBody(builtinAppBaseBody) },
  more: { 404: 'no such built-in app, or no such base of an admin (HTTP 404)' },
});

/** The console's knowledge-base page (docs/console.md): operators and admins read; admins give built-in apps a base. */
export function registerKnowledgeConsole(app: ApiApp) {
  app.openapi(knowledgeUsers, async (c) => {
    const q = c.req.valid('query');
    return reply(
      c,
      await knowledgeReport(c.get('runtime'), { search: q.search || undefined, page: q.page, size: q.size }),
    );
  });

  app.openapi(appBases, async (c) => {
    requireAdmin(c);
    return reply(c, await listBuiltinAppBases(c.get('runtime')));
  });

  app.openapi(setAppBase, async (c) => {
    requireAdmin(c);
    const { baseId, requestId } = c.req.valid('json');
    const act = { actor: actorOf(c), requestId, appId: c.req.valid('param').id, baseId };
    return reply(c, { applied: await setBuiltinAppBase(c.get('runtime'), act) });
  });
}
