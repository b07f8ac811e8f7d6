import {
  createMcpServer,
  deleteMcpServer,
  listMcpServers,
  refreshMcpTools,
  sendsToken,
  setMcpToolLevels,
  updateMcpServer,
} from '../../services/tools/mcp-store';
import { actorOf, requireAdmin, requireFreshCode } from '../admin/guard';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './console.routes';

const done = (server: Awaited<ReturnType<typeof createMcpServer>>) =>
  server ? { applied: true, server } : { applied: false };

/** The console's Tools page (docs/chat.md#tools): MCP servers, their tools and who may call them. */
export function registerToolsConsole(app: ApiApp) {
  app.openapi(r.listMcp, async (c) => {
    requireAdmin(c);
    return reply(c, await listMcpServers(c.get('runtime').database.db));
  });

  app.openapi(r.createMcp, async (c) => {
    requireAdmin(c);
    const { requestId, code, ...fields } = c.req.valid('json');
    // A token lets the site act on the server's side: setting one asks for a fresh code, like a channel's key.
    if (await sendsToken(c.get('runtime').database.db, null, fields)) await requireFreshCode(c, code);
    return reply(c, done(await createMcpServer(c.get('runtime'), { actor: actorOf(c), requestId, fields })));
  });

  app.openapi(r.updateMcp, async (c) => {
    requireAdmin(c);
    const { requestId, code, ...fields } = c.req.valid('json');
    const id = c.req.valid('param').id;
    // A new token, or the stored one sent to a new address, asks for a fresh code.
    if (await sendsToken(c.get('runtime').database.db, id, fields)) await requireFreshCode(c, code);
    const act = { actor: actorOf(c), requestId, id, fields };
    return reply(c, done(await updateMcpServer(c.get('runtime'), act)));
  });

  app.openapi(r.deleteMcp, async (c) => {
    requireAdmin(c);
    const act = { actor: actorOf(c), requestId: c.req.valid('json').requestId, id: c.req.valid('param').id };
    return reply(c, { applied: (await deleteMcpServer(c.get('runtime'), act)) !== null });
  });

  app.openapi(r.refreshMcp, async (c) => {
    requireAdmin(c);
    const act = { actor: actorOf(c), requestId: c.req.valid('json').requestId, id: c.req.valid('param').id };
    return reply(c, done(await refreshMcpTools(c.get('runtime'), act)));
  });

  app.openapi(r.setMcpLevels, async (c) => {
    requireAdmin(c);
    const b = c.req.valid('json');
    const act = {
      actor: actorOf(c),
      requestId: b.requestId,
      id: c.req.valid('param').id,
      levels: Object.fromEntries(b.levels.map((l) => [l.tool, l.levels])),
    };
    return reply(c, done(await setMcpToolLevels(c.get('runtime'), act)));
  });
}
