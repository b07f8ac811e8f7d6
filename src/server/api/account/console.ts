import { deleteUser, revokeUserSessions, sendResetMail } from '../../services/account/console-user-account';
import { adjustMembership, changeRole, searchUsers, setBanned, userDetail } from '../../services/account/console-users';
import { checkReach } from '../../services/admin/hierarchy';
import { actorOf, consoleOf, requireAdmin, requireFreshCode } from '../admin/guard';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './console.routes';

/** The console's users page: search, detail, actions with a reason (docs/console.md). */
export function registerAccountConsole(app: ApiApp) {
  app.openapi(r.searchUsers, async (c) => reply(c, await searchUsers(c.get('runtime'), c.req.valid('query').q)));

  app.openapi(r.userDetail, async (c) =>
    reply(c, await userDetail(c.get('runtime'), c.req.valid('param').id, consoleOf(c).userId)),
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

  // Role changes and deletion ask the hierarchy first (an operator on an admin is refused and audited
  // as for any action) and before a TOTP code is spent; `act` asks again under the row lock.
  app.openapi(r.role, async (c) => {
    const { code, ...body } = c.req.valid('json');
    const act = { ...body, actor: actorOf(c), userId: c.req.valid('param').id };
    await checkReach(c.get('runtime').database.db, act.actor, act.userId, 'user.role', act.reason);
    requireAdmin(c);
    await requireFreshCode(c, code);
    return reply(c, { applied: await changeRole(c.get('runtime').database.db, act) });
  });

  app.openapi(r.revokeSessions, async (c) => {
    const act = { ...c.req.valid('json'), actor: actorOf(c), userId: c.req.valid('param').id };
    return reply(c, { applied: await revokeUserSessions(c.get('runtime'), act) });
  });

  app.openapi(r.passwordReset, async (c) => {
    const act = { ...c.req.valid('json'), actor: actorOf(c), userId: c.req.valid('param').id };
    return reply(c, { applied: await sendResetMail(c.get('runtime'), act) });
  });

  app.openapi(r.deleteUser, async (c) => {
    const { code, ...body } = c.req.valid('json');
    const act = { ...body, actor: actorOf(c), userId: c.req.valid('param').id };
    await checkReach(c.get('runtime').database.db, act.actor, act.userId, 'user.delete', act.reason);
    requireAdmin(c);
    await requireFreshCode(c, code);
    return reply(c, { applied: await deleteUser(c.get('runtime'), act) });
  });
}
