import { requestNow } from '../../services/activity/clock';
import { checkRange, lastDays } from '../../services/admin/dashboard';
import { checkReach } from '../../services/admin/hierarchy';
import { checkIn } from '../../services/credits/check-in';
import { adjustCredits, creditSummary, priceSheet, savePrices } from '../../services/credits/console';
import { myCredits, myHistory } from '../../services/credits/mine';
import { creditRefundPreview } from '../../services/credits/orders';
import { userIdOf } from '../access';
import { actorOf, requireAdmin, requireFreshCode } from '../admin/guard';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './credits.routes';

/** A user's credits and check-in (docs/credits.md). */
export function registerCredits(app: ApiApp) {
  app.openapi(r.balance, async (c) => {
    const rt = c.get('runtime');
    return reply(c, await myCredits(rt, userIdOf(c), requestNow(rt.env.NODE_ENV, c.req.raw.headers)));
  });

  app.openapi(r.history, async (c) => reply(c, await myHistory(c.get('runtime'), userIdOf(c), c.req.valid('query'))));

  app.openapi(r.checkIn, async (c) => {
    const rt = c.get('runtime');
    const done = await checkIn(rt, userIdOf(c), requestNow(rt.env.NODE_ENV, c.req.raw.headers));
    const t = c.get('t');
    return reply(
      c,
      done,
      done.checkedIn ? t('credits:checkIn.done', { reward: done.reward }) : t('credits:checkIn.already'),
    );
  });
}

/** The console's credits page and the user page's adjustment (docs/console.md). */
export function registerCreditsConsole(app: ApiApp) {
  app.openapi(r.prices, async (c) => reply(c, await priceSheet(c.get('runtime'))));

  app.openapi(r.savePrices, async (c) => {
    requireAdmin(c);
    const { requestId, ...prices } = c.req.valid('json');
    return reply(c, await savePrices(c.get('runtime'), actorOf(c), prices, requestId));
  });

  app.openapi(r.summary, async (c) => {
    const rt = c.get('runtime');
    const q = c.req.valid('query');
    const range = q.from && q.to ? checkRange(q.from, q.to) : lastDays(Number(q.days), rt.env.SITE_TIME_ZONE);
    return reply(c, await creditSummary(rt, range));
  });

  app.openapi(r.refundPreview, async (c) =>
    reply(
      c,
      await creditRefundPreview(
        c.get('runtime').database.db,
        c.req.valid('param').orderNo,
        c.req.valid('query').amount,
      ),
    ),
  );

  // The hierarchy is asked before a TOTP code is spent; adjustCredits asks again under the row lock.
  app.openapi(r.adjust, async (c) => {
    const { code, ...body } = c.req.valid('json');
    const act = { ...body, actor: actorOf(c), userId: c.req.valid('param').id };
    const rt = c.get('runtime');
    await checkReach(rt.database.db, act.actor, act.userId, 'credits.adjust', act.reason);
    requireAdmin(c);
    await requireFreshCode(c, code);
    return reply(c, { applied: await adjustCredits(rt, act) });
  });
}
