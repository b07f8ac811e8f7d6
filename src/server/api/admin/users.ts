import { AdminCode } from '../../../shared/admin';
import { DomainError } from '../../errors';
import { checkTotp } from '../../services/admin/totp';
import { deleteUser, refuseOwnAccount, revokeUserSessions, sendResetMail } from '../../services/admin/user-account';
import { adjustMembership, changeRole, searchUsers, setBanned, userDetail } from '../../services/admin/users';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './admin.routes';
import { actorOf, requireAdmin } from './guard';

type C = Parameters<Parameters<ApiApp['openapi']>[1]>[0];

/** Sensitive actions (role change, deletion): an admin, and a code checked now, whatever the session's verification. */
async function adminWithFreshCode(c: C, code: string) {
  const admin = requireAdmin(c);
  try {
    await checkTotp(c.get('runtime'), { userId: admin.userId, code, ip: c.get('ip') });
  } catch (err) {
    if (err instanceof DomainError && err.status === 400)
      throw new DomainError(AdminCode.TOTP_AGAIN, 'admin:totp.again', { status: 403 });
    throw err;
  }
}

/** The console's users page: search, detail, actions with a reason (docs/console.md). */
export function registerAdminUsers(app: ApiApp) {
  app.openapi(r.searchUsers, async (c) =>
    reply(c, await searchUsers(c.get('runtime').database.db, c.req.valid('query').q)),
  );

  app.openapi(r.userDetail, async (c) => reply(c, await userDetail(c.get('runtime'), c.req.valid('param').id)));

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
    const { code, ...body } = c.req.valid('json');
    await adminWithFreshCode(c, code);
    const act = { ...body, actor: actorOf(c), userId: c.req.valid('param').id };
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
    requireAdmin(c);
    refuseOwnAccount(act);
    await adminWithFreshCode(c, code);
    return reply(c, { applied: await deleteUser(c.get('runtime'), act) });
  });
}
