import { adjustMembership, changeRole, searchUsers, setBanned, userDetail } from '../../services/admin/users';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './admin.routes';
import { actorOf, requireAdmin, requireFreshCode } from './guard';

/** The console's users page: search, detail, actions with a reason (docs/console.md). */
export function registerAdminUsers(app: ApiApp) {
  app.openapi(r.searchUsers, async (c) =>
    reply(c, await searchUsers(c.get('runtime').database.db, c.req.valid('query').q)),
  );

  app.openapi(r.userDetail, async (c) =>
    reply(c, await userDetail(c.get('runtime').database.db, c.req.valid('param').id)),
  );

  app.openapi(r.ban, async (c) => {
    const { banned, reason, requestId } = c.req.valid('json');
    const act = { actor: actorOf(c), userId: c.req.valid('param').id, reason, requestId };
    return reply(c, { applied: await setBanned(c.get('runtime').database.db, act, banned) });
  });

  app.openapi(r.membership, async (c) => {
    const body = c.req.valid('json');
    const act = { ...body, actor: actorOf(c), userId: c.req.valid('param').id };
    return reply(c, { applied: await adjustMembership(c.get('runtime').database.db, act) });
  });

  app.openapi(r.role, async (c) => {
    const admin = requireAdmin(c);
    const rt = c.get('runtime');
    const { code, ...body } = c.req.valid('json');
    await requireFreshCode(c, admin, code);
    const act = { ...body, actor: actorOf(c), userId: c.req.valid('param').id };
    return reply(c, { applied: await changeRole(rt.database.db, act) });
  });
}
