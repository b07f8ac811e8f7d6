import { checkCreditReach, creditMissed, dismissMissed, listMissed } from '../../services/shop/missed-payments';
import { reconcileDay } from '../../services/shop/reconcile';
import { listReconciliations, resolveDiff } from '../../services/shop/reconcile-diffs';
import { actorOf, requireAdmin, requireFreshCode } from '../admin/guard';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './console-payments.routes';

/** Missed payments and reconciliations: operators and admins read; only admins act (docs/console.md#missed-payments). */
export function registerShopPaymentsConsole(app: ApiApp) {
  app.openapi(r.listMissed, async (c) => reply(c, await listMissed(c.get('runtime').database.db)));

  app.openapi(r.creditMissed, async (c) => {
    const { code, ...body } = c.req.valid('json');
    const act = { ...body, id: c.req.valid('param').id };
    // The hierarchy first (refused and audited as any action), before a TOTP code is spent.
    await checkCreditReach(c.get('runtime').database.db, actorOf(c), act.id, act.reason);
    requireAdmin(c);
    await requireFreshCode(c, code);
    return reply(c, await creditMissed(c.get('runtime'), actorOf(c), act));
  });

  app.openapi(r.dismissMissed, async (c) => {
    requireAdmin(c);
    const act = { ...c.req.valid('json'), id: c.req.valid('param').id };
    return reply(c, await dismissMissed(c.get('runtime'), actorOf(c), act));
  });

  app.openapi(r.listReconciliations, async (c) => reply(c, await listReconciliations(c.get('runtime').database.db)));

  app.openapi(r.runReconciliation, async (c) => {
    requireAdmin(c);
    return reply(c, await reconcileDay(c.get('runtime'), c.req.valid('json').date, { force: true }));
  });

  app.openapi(r.resolveDiff, async (c) => {
    requireAdmin(c);
    const act = { ...c.req.valid('json'), id: c.req.valid('param').id };
    return reply(c, await resolveDiff(c.get('runtime'), actorOf(c), act));
  });
}
