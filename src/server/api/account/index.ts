import { Code } from '../../../shared/codes';
import { revokeSession } from '../../db/queries/sessions';
import * as auth from '../../services/account/auth';
import { findUserByEmail } from '../../services/account/auth';
import * as profile from '../../services/account/profile';
import { consumeCode, sendCode } from '../../services/account/verification-codes';
import { userIdOf } from '../access';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './user.routes';

export { registerAccountConsole } from './console';

export function registerUser(app: ApiApp) {
  const client = (c: Parameters<Parameters<ApiApp['openapi']>[1]>[0]) => ({
    ip: c.get('ip'),
    userAgent: c.req.header('user-agent') ?? null,
    lang: c.get('lang'),
  });

  app.openapi(r.sendCode, async (c) => {
    const rt = c.get('runtime');
    const { email, type } = c.req.valid('query');
    // The answer is the same whether the address has an account or not; only what is mailed differs.
    const owner = await findUserByEmail(rt.database.db, email);
    const sent = await sendCode(rt, { email, purpose: type, ip: c.get('ip'), lang: c.get('lang'), owner });
    // A reset mails only an account's owner; a registration or binding mails a code or, for a taken address, a notice.
    const said = type === 'reset' ? 'account:code.sentReset' : 'account:code.sentRegister';
    return reply(c, { resultCode: '1' as const, ...sent }, c.get('t')(said));
  });

  app.openapi(r.verifyCode, async (c) => {
    const rt = c.get('runtime');
    const body = c.req.valid('json');
    await consumeCode(rt, { email: body.email, purpose: body.type, code: body.code, keep: true });
    const user = await findUserByEmail(rt.database.db, body.email);
    return reply(c, { email: body.email, registered: Boolean(user) }, c.get('t')('account:code.verified'));
  });

  app.openapi(r.register, async (c) => {
    const b = c.req.valid('json');
    await auth.register(c.get('runtime'), {
      email: b.identity,
      password: b.password,
      code: b.picVerificationCode,
      sessionId: b.picCodeSessionId,
      inviteCode: b.inviteCode,
      ...client(c),
    });
    return reply(c, null, c.get('t')('account:register.success'));
  });

  app.openapi(r.loginEmail, async (c) => {
    const b = c.req.valid('json');
    const token = await auth.loginWithPassword(c.get('runtime'), {
      email: b.username,
      password: b.password,
      ...client(c),
    });
    return reply(c, { token }, c.get('t')('account:login.success'));
  });

  app.openapi(r.loginOpenid, async (c) => {
    const b = c.req.valid('json');
    const token = await auth.loginWithOpenId(c.get('runtime'), {
      openId: b.openId,
      qrcodeSocket: b.qrcodeSocket,
      email: b.username || undefined,
      password: b.password || undefined,
      inviteCode: b.inviteCode,
      ...client(c),
    });
    return reply(c, { token }, c.get('t')('account:login.success'));
  });

  app.openapi(r.modifyPassword, async (c) => {
    const b = c.req.valid('json');
    await auth.resetPassword(c.get('runtime'), {
      email: b.identity,
      password: b.password,
      code: b.picVerificationCode,
    });
    return reply(c, null, c.get('t')('account:password.changed'));
  });

  app.openapi(r.info, async (c) => reply(c, await profile.userInfo(c.get('runtime'), userIdOf(c), c.get('lang'))));

  app.openapi(r.logout, async (c) => {
    const token = auth.bearer(c.req.header('authorization'));
    if (token) await revokeSession(c.get('runtime').database.db, token);
    return reply(c, null, c.get('t')('account:logout.success'));
  });

  app.openapi(r.profile, async (c) => {
    const id = userIdOf(c);
    await profile.updateProfile(c.get('runtime'), id, c.req.valid('json'));
    return reply(c, await profile.userInfo(c.get('runtime'), id, c.get('lang')), c.get('t')('account:profile.saved'));
  });

  app.openapi(r.changePassword, async (c) => {
    const id = userIdOf(c);
    const token = auth.bearer(c.req.header('authorization')) ?? '';
    await profile.changePassword(c.get('runtime'), id, token, { ...c.req.valid('json'), ip: c.get('ip') });
    return reply(c, null, c.get('t')('account:password.changed'));
  });

  app.openapi(r.bindEmail, async (c) => {
    const id = userIdOf(c);
    await profile.bindEmail(
      c.get('runtime'),
      id,
      auth.bearer(c.req.header('authorization')) ?? '',
      c.req.valid('json'),
    );
    return reply(c, await profile.userInfo(c.get('runtime'), id, c.get('lang')), c.get('t')('account:email.bound'));
  });

  app.openapi(r.deleteAccount, async (c) => {
    const id = userIdOf(c);
    await profile.deleteAccount(c.get('runtime'), id, { ...c.req.valid('json'), ip: c.get('ip') });
    return reply(c, null, c.get('t')('account:account.deleted'), Code.OK);
  });
}
