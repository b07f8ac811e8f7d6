import { myReferral } from '../../services/referral/mine';
import { myWithdrawals, requestWithdrawal } from '../../services/referral/withdrawals';
import { userIdOf } from '../access';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './referral.routes';

export { registerReferralConsole } from './console';

/** A signed-in user's invite page and withdrawals (docs/referral.md); only the caller's own rows. */
export function registerReferral(app: ApiApp) {
  app.openapi(r.mine, async (c) => reply(c, await myReferral(c.get('runtime'), userIdOf(c))));

  app.openapi(r.withdrawals, async (c) => {
    const { pageNum, pageSize } = c.req.valid('query');
    return reply(c, await myWithdrawals(c.get('runtime').database.db, userIdOf(c), pageNum, pageSize));
  });

  app.openapi(r.withdraw, async (c) =>
    reply(
      c,
      await requestWithdrawal(c.get('runtime'), userIdOf(c), c.req.valid('json')),
      c.get('t')('referral:withdraw.asked'),
    ),
  );
}
