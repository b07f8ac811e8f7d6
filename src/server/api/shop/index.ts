import { Code } from '../../../shared/codes';
import type { OrderPage } from '../../../shared/contract/shop';
import { DEVICE_ID_HEADER } from '../../../shared/device-id';
import { loadUser } from '../../services/account/profile';
import { cancelOrder } from '../../services/shop/order-lifecycle';
import { deviceIdFrom } from '../../services/shop/order-rules';
import { createOrder, hasOrdered, listOrders, orderDtoIn, ownOrder } from '../../services/shop/orders';
import { actOnSandboxKey, ownerSandboxLink, sandboxOrderView } from '../../services/shop/sandbox-pay';
import { userIdOf } from '../access';
import type { ApiApp } from '../context';
import { keptReply, reply } from '../errors';
import * as r from './order.routes';

export { registerShopOrdersConsole } from './console-orders';
export { registerShopPaymentsConsole } from './console-payments';
export { registerShopProductsConsole } from './console-products';

export function registerOrder(app: ApiApp) {
  app.openapi(r.listProducts, async (c) => {
    const list = await c.get('runtime').products.list(c.req.valid('query').type, c.get('lang'));
    return reply(c, { data: list });
  });

  app.openapi(r.createOrder, async (c) => {
    const id = userIdOf(c);
    const rt = c.get('runtime');
    const client = { ip: c.get('ip'), deviceId: deviceIdFrom(c.req.header(DEVICE_ID_HEADER)) };
    const order = await createOrder(rt, id, c.req.valid('json'), client, c.get('lang'));
    return reply(c, order, c.get('t')('shop:order.create.success'), Code.SUCCESS);
  });

  app.openapi(r.listOrders, async (c) => {
    const id = userIdOf(c);
    const { pageNum, pageSize, orderNo } = c.req.valid('json');
    const page = await listOrders(c.get('runtime'), id, {
      pageNum,
      pageSize,
      orderNo: orderNo || undefined,
      lang: c.get('lang'),
    });
    return keptReply<OrderPage>(c, page);
  });

  app.openapi(r.cancelOrder, async (c) => {
    const id = userIdOf(c);
    const order = await cancelOrder(c.get('runtime'), id, c.req.valid('json').orderNo, c.get('lang'));
    return reply(c, order, c.get('t')('shop:order.cancel.success'));
  });

  app.openapi(r.orderDetail, async (c) => {
    const id = userIdOf(c);
    return reply(
      c,
      orderDtoIn(c.get('lang'))(await ownOrder(c.get('runtime').database.db, id, c.req.valid('query').orderNo)),
    );
  });

  app.openapi(r.userLog, async (c) => {
    const rt = c.get('runtime');
    const id = userIdOf(c);
    const user = await loadUser(rt, id);
    return reply(c, { avatar: user.avatarUrl, orderFlag: await hasOrdered(rt.database.db, id) });
  });

  // Registered before {action} so 'link' and 'view' are not read as actions.
  app.openapi(r.sandboxLink, async (c) => {
    const id = userIdOf(c);
    return reply(c, { payLink: await ownerSandboxLink(c.get('runtime'), id, c.req.valid('param').orderNo) });
  });

  // The key travels in the body, so no access log or proxy sees it.
  app.openapi(r.sandboxView, async (c) => {
    const { orderNo } = c.req.valid('param');
    return reply(c, await sandboxOrderView(c.get('runtime'), orderNo, c.req.valid('json').key, c.get('lang')));
  });

  app.openapi(r.sandboxPay, async (c) => {
    const { orderNo, action } = c.req.valid('param');
    const done = await actOnSandboxKey(c.get('runtime'), orderNo, c.req.valid('json').key, action);
    return reply(
      c,
      done,
      c.get('t')(action === 'confirm' ? 'shop:order.sandbox.paid' : 'shop:order.sandbox.cancelled'),
      Code.SUCCESS,
    );
  });
}
