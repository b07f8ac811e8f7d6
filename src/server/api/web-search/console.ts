import { changeWebSearch, probeWebSearch, resetWebSearch, webSearchConsole } from '../../services/web-search/console';
import { actorOf, requireAdmin, requireFreshCode } from '../admin/guard';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './console.routes';

/** The console's web search page (docs/web-search.md#console). */
export function registerWebSearchConsole(app: ApiApp) {
  app.openapi(r.readWebSearch, async (c) => {
    requireAdmin(c);
    return reply(c, await webSearchConsole(c.get('runtime')));
  });

  app.openapi(r.changeWebSearch, async (c) => {
    requireAdmin(c);
    const b = c.req.valid('json');
    // A key spends the site's money upstream: a new one asks for a fresh code, like a channel's.
    if (b.secret) await requireFreshCode(c, b.code);
    const change = {
      provider: b.provider,
      baseUrl: b.baseUrl.replace(/\/+$/, ''),
      secret: b.secret || undefined,
      costMicros: b.costMicros,
    };
    const done = await changeWebSearch(c.get('runtime'), { actor: actorOf(c), change, requestId: b.requestId });
    return reply(c, { applied: done });
  });

  app.openapi(r.resetWebSearch, async (c) => {
    requireAdmin(c);
    const act = { actor: actorOf(c), requestId: c.req.valid('json').requestId };
    return reply(c, { applied: await resetWebSearch(c.get('runtime'), act) });
  });

  app.openapi(r.testWebSearch, async (c) => {
    requireAdmin(c);
    const t = c.get('t');
    const result = await probeWebSearch(c.get('runtime'), actorOf(c));
    const message = result.ok
      ? t('websearch:probe.ok', { results: result.results, ms: result.ms })
      : t(`websearch:errors.${result.kind}`);
    return reply(c, { ...result, message });
  });
}
