import { DEVICE_ID_HEADER } from '../../../shared/device-id';
import { normalizePhone, PHONE_RESEND_SECONDS } from '../../../shared/phone';
import { exportAccount } from '../../services/account/export';
import * as phone from '../../services/account/phone';
import { PHONE_CODE_TTL_MINUTES } from '../../services/account/phone-codes';
import { loadUser, userInfo } from '../../services/account/profile';
import { deviceIdFrom } from '../../services/shop/order-rules';
import { userIdOf, viewerOf } from '../access';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './phone.routes';

/** Sign-in by texted code, binding a number, and the account's export (docs/accounts.md#phone). */
export function registerPhone(app: ApiApp) {
  const client = (c: Parameters<Parameters<ApiApp['openapi']>[1]>[0]) => ({
    ip: c.get('ip'),
    userAgent: c.req.header('user-agent') ?? null,
    lang: c.get('lang'),
    deviceId: deviceIdFrom(c.req.header(DEVICE_ID_HEADER)),
  });
  // The schema let only mainland numbers through; this drops the +86.
  const digits = (input: string) => normalizePhone(input) ?? input;

  app.openapi(r.sendPhoneCode, async (c) => {
    const rt = c.get('runtime');
    const b = c.req.valid('json');
    const userId = viewerOf(c);
    const own = b.purpose === 'delete' && userId !== null ? phone.phoneOfUser(rt, await loadUser(rt, userId)) : null;
    await phone.requestPhoneCode(rt, {
      ...client(c),
      purpose: b.purpose,
      phone: b.phone ? digits(b.phone) : null,
      ownPhone: own,
      userId,
    });
    const said = c.get('t')('account:phone.sent', { minutes: PHONE_CODE_TTL_MINUTES });
    return reply(c, { seconds: PHONE_RESEND_SECONDS }, said);
  });

  app.openapi(r.loginPhone, async (c) => {
    const b = c.req.valid('json');
    const token = await phone.loginWithPhone(c.get('runtime'), {
      ...client(c),
      phone: digits(b.phone),
      code: b.code,
      inviteCode: b.inviteCode,
    });
    return reply(c, { token }, c.get('t')('account:login.success'));
  });

  app.openapi(r.bindPhone, async (c) => {
    const rt = c.get('runtime');
    const id = userIdOf(c);
    const b = c.req.valid('json');
    await phone.bindPhone(rt, id, { phone: digits(b.phone), code: b.code, ip: c.get('ip') });
    return reply(c, await userInfo(rt, id, c.get('lang')), c.get('t')('account:phone.bound'));
  });

  app.openapi(r.exportAccount, async (c) => reply(c, await exportAccount(c.get('runtime'), userIdOf(c))));
}
