import { eq } from 'drizzle-orm';
import { Code } from '../../../lib/codes';
import { OrderStatus, orders } from '../../db/schema';
import { requireUserId } from '../../services/auth';
import { cancelOrder, orderForPayPage } from '../../services/order-lifecycle';
import { createOrder, hasOrdered, listOrders, markPaid, moveStatus, orderDto, ownOrder } from '../../services/orders';
import { loadUser } from '../../services/profile';
import type { ApiApp } from '../context';
import { ApiError, reply } from '../errors';
import * as r from './order.routes';

export function registerOrder(app: ApiApp) {
  type C = Parameters<Parameters<ApiApp['openapi']>[1]>[0];
  const userId = (c: C) => requireUserId(c.get('runtime').database.db, c.req.header('authorization'));

  app.openapi(r.listProducts, async (c) => {
    const list = await c.get('runtime').products.list(c.req.valid('query').type);
    return reply(c, { data: list });
  });

  app.openapi(r.createOrder, async (c) => {
    const id = await userId(c);
    const order = await createOrder(c.get('runtime'), id, c.req.valid('json'));
    return reply(c, order, c.get('t')('order:create.success'), Code.SUCCESS);
  });

  app.openapi(r.listOrders, async (c) => {
    const id = await userId(c);
    const { pageNum, pageSize, orderNo } = c.req.valid('json');
    return reply(
      c,
      await listOrders(c.get('runtime').database.db, id, { pageNum, pageSize, orderNo: orderNo || undefined }),
    );
  });

  app.openapi(r.cancelOrder, async (c) => {
    const id = await userId(c);
    const order = await cancelOrder(c.get('runtime'), id, c.req.valid('json').orderNo);
    return reply(c, order, c.get('t')('order:cancel.success'));
  });

  app.openapi(r.orderDetail, async (c) => {
    const id = await userId(c);
    return reply(c, orderDto(await ownOrder(c.get('runtime').database.db, id, c.req.valid('query').orderNo)));
  });

  app.openapi(r.userLog, async (c) => {
    const rt = c.get('runtime');
    const id = await userId(c);
    const user = await loadUser(rt, id);
    return reply(c, { avatar: user.avatarUrl, orderFlag: await hasOrdered(rt.database.db, id) });
  });

  app.openapi(r.sandboxPay, async (c) => {
    const rt = c.get('runtime');
    const { orderNo, action } = c.req.valid('param');
    const order = rt.payment.mode === 'sandbox' ? await orderForPayPage(rt.database.db, orderNo) : null;
    if (!order) throw new ApiError(Code.NOT_FOUND, 'order:notFound', { status: 404 });
    if (action === 'confirm') {
      await markPaid(rt, orderNo, { amount: order.orderPrice, source: 'sandbox' });
    } else if (await moveStatus(rt.database.db, order, OrderStatus.CANCELLED, 'sandbox')) {
      await rt.hub.publish(
        orderNo,
        { code: Code.SUCCESS, data: { orderStatus: OrderStatus.CANCELLED, orderDesc: order.orderDesc } },
        { userId: order.userId },
      );
    }
    const [now] = await rt.database.db.select({ s: orders.orderStatus }).from(orders).where(eq(orders.id, order.id));
    return reply(
      c,
      { orderStatus: now?.s ?? order.orderStatus },
      c.get('t')(action === 'confirm' ? 'order:sandbox.paid' : 'order:sandbox.cancelled'),
      Code.SUCCESS,
    );
  });
}
