import { Code } from '../../../shared/codes';
import { requestNow } from '../../services/activity/clock';
import { claimCoupon, leftToday, listCoupons } from '../../services/activity/coupons';
import { redeemCode } from '../../services/activity/experience-codes';
import { activityConfig } from '../../services/site-settings';
import { userIdOf, viewerOf } from '../access';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './coupon.routes';

export { registerActivityConsole } from './console';

type C = Parameters<Parameters<ApiApp['openapi']>[1]>[0];

/** Coupon calls (daily experience code, coupon 48) and code redemption (docs/api.md). */
export function registerCoupon(app: ApiApp) {
  const ctx = async (c: C) => {
    const rt = c.get('runtime');
    // The clock first: the request's "now" does not wait for the settings.
    const now = requestNow(rt.env.NODE_ENV, c.req.raw.headers);
    return { db: rt.database.db, settings: await activityConfig(rt), now };
  };

  app.openapi(r.claim, async (c) => {
    const { db, settings, now } = await ctx(c);
    const id = userIdOf(c);
    const claimed = await claimCoupon(db, settings, c.req.valid('param').couponId, id, now);
    return reply(c, claimed, c.get('t')('activity:coupon.claimed'), Code.SUCCESS);
  });

  app.openapi(r.left, async (c) => {
    const { db, settings, now } = await ctx(c);
    return reply(c, { leftDailyLimit: await leftToday(db, settings, c.req.valid('param').couponId, now) });
  });

  app.openapi(r.list, async (c) => {
    const { db, settings, now } = await ctx(c);
    const id = viewerOf(c);
    return reply(c, await listCoupons(db, settings, c.req.valid('param').couponId, id, now));
  });

  app.openapi(r.redeem, async (c) => {
    const { db, settings, now } = await ctx(c);
    const id = userIdOf(c);
    const redeemed = await redeemCode(db, id, c.req.valid('json').code, settings, new Date(now));
    return reply(c, redeemed, c.get('t')('activity:redeem.success'), Code.SUCCESS);
  });
}
