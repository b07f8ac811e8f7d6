import type { OrderQuery } from '../../../shared/contract/shop-console';
import {
  checkRefundReach,
  listOrders,
  orderDetail,
  ordersCsv,
  queryProvider,
  refundOrder,
} from '../../services/shop/console-orders';
import { dayRange } from '../admin/console-kit';
import { actorOf, requireAdmin, requireFreshCode } from '../admin/guard';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './console-orders.routes';

const filter = (q: OrderQuery) => ({
  status: q.status,
  product: q.product || undefined,
  user: q.user || undefined,
  provider: q.provider || undefined,
  ...dayRange(q),
});

/** The console's orders: operators and admins read and query; only admins refund (docs/console.md#orders). */
export function registerShopOrdersConsole(app: ApiApp) {
  app.openapi(r.listOrders, async (c) => {
    const { pageNum, pageSize, ...q } = c.req.valid('query');
    return reply(c, await listOrders(c.get('runtime').database.db, filter(q), pageNum, pageSize));
  });

  app.openapi(r.ordersCsv, async (c) => {
    const csv = await ordersCsv(c.get('runtime').database.db, filter(c.req.valid('query')));
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="orders.csv"',
    });
  });

  app.openapi(r.orderDetail, async (c) =>
    reply(c, await orderDetail(c.get('runtime').database.db, c.req.valid('param').orderNo)),
  );

  app.openapi(r.queryProvider, async (c) =>
    reply(c, await queryProvider(c.get('runtime'), actorOf(c), c.req.valid('param').orderNo)),
  );

  app.openapi(r.refund, async (c) => {
    const { code, ...body } = c.req.valid('json');
    const act = { ...body, orderNo: c.req.valid('param').orderNo };
    // The hierarchy first (refused and audited as any action), before a TOTP code is spent.
    await checkRefundReach(c.get('runtime').database.db, actorOf(c), act.orderNo, act.reason);
    requireAdmin(c);
    await requireFreshCode(c, code);
    return reply(c, await refundOrder(c.get('runtime'), actorOf(c), act));
  });
}
