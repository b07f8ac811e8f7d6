import { commissionOverview, listInvites, reversalPreview } from '../../services/referral/console';
import { checkWithdrawalReach, consoleWithdrawals, reviewWithdrawal } from '../../services/referral/withdrawals';
import { actorOf, requireAdmin, requireFreshCode } from '../admin/guard';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './console.routes';

/** Invites and commission for operators and admins; paying and rejecting withdrawals for admins. */
export function registerReferralConsole(app: ApiApp) {
  app.openapi(r.invites, async (c) => {
    const { pageNum, pageSize, user } = c.req.valid('query');
    return reply(c, await listInvites(c.get('runtime').database.db, user || undefined, pageNum, pageSize));
  });

  app.openapi(r.overview, async (c) => reply(c, await commissionOverview(c.get('runtime').database.db)));

  app.openapi(r.withdrawals, async (c) => {
    const { pageNum, pageSize, status } = c.req.valid('query');
    return reply(c, await consoleWithdrawals(c.get('runtime').database.db, status, pageNum, pageSize));
  });

  app.openapi(r.pay, async (c) => {
    const { id } = c.req.valid('param');
    const { requestId, code, reason } = c.req.valid('json');
    // The hierarchy first (refused and audited as any action), before a TOTP code is spent.
    await checkWithdrawalReach(c.get('runtime').database.db, actorOf(c), id, 'referral.withdrawal.pay', reason);
    requireAdmin(c);
    await requireFreshCode(c, code);
    return reply(c, await reviewWithdrawal(c.get('runtime'), actorOf(c), id, { decision: 'pay', reason, requestId }));
  });

  app.openapi(r.reject, async (c) => {
    const { id } = c.req.valid('param');
    const { requestId, reason } = c.req.valid('json');
    // The hierarchy first, as for paying: a refusal is audited whatever the role.
    await checkWithdrawalReach(c.get('runtime').database.db, actorOf(c), id, 'referral.withdrawal.reject', reason);
    requireAdmin(c);
    return reply(
      c,
      await reviewWithdrawal(c.get('runtime'), actorOf(c), id, { decision: 'reject', reason, requestId }),
    );
  });

  app.openapi(r.reversal, async (c) =>
    reply(
      c,
      await reversalPreview(c.get('runtime').database.db, c.req.valid('param').orderNo, c.req.valid('query').amount),
    ),
  );
}
