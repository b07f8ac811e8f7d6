import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, users } from '../../src/server/db/schema';
import { sweepExpiredOrders } from '../../src/server/services/order-lifecycle';
import { markPaid } from '../../src/server/services/orders';
import { createUserWithToken, startTestServer, type TestServer } from './helpers';
import { sandboxPay } from './sandbox-helpers';
import { isConnected, openSocket } from './socket-helpers';

let srv: TestServer;
let n = 0;
beforeAll(async () => {
  srv = await startTestServer({ PUBLIC_ORIGIN: 'https://miaobi.example', ALLOW_SANDBOX: 'true' });
});
afterAll(() => srv?.dispose());

const newUser = () => createUserWithToken(srv, `buyer${++n}@example.com`);
async function product(code: string) {
  const res = await srv.call('POST', '/api/product/list/aichat');
  const p = res.body.data.data.find((x: { productCode: string }) => x.productCode === code);
  if (!p) throw new Error(`no product ${code}`);
  return p as {
    productId: number;
    productCode: string;
    productBenefit: number;
    productDisPrice: number;
    productName: string;
  };
}
async function userRow(id: number) {
  const [u] = await srv.runtime.database.db.select().from(users).where(eq(users.id, id));
  if (!u) throw new Error('no user');
  return u;
}
const DAY = 86_400_000;

describe('products', () => {
  it('lists the seeded catalogue, and by type', async () => {
    const all = await srv.call('POST', '/api/product/list/aichat');
    expect(all.body.code).toBe(200);
    expect(all.body.data.data.length).toBeGreaterThanOrEqual(6);
    const packs = await srv.call('POST', '/api/product/list/aichat?type=4');
    expect(packs.body.data.data.length).toBeGreaterThan(0);
    expect(packs.body.data.data.every((p: { productType: number }) => p.productType === 4)).toBe(true);
  });
});

describe('orders and sandbox payment', () => {
  it('refuses anonymous buyers with 1000001', async () => {
    const p = await product('VIP_MONTH');
    const res = await srv.call('POST', '/api/order/create', { productId: p.productId, productCode: p.productCode });
    expect(res.body).toMatchObject({ code: 1000001, result: '您还没有登录，请先登录' });
  });

  it("sandbox confirm and cancel need the pay link's one-time key; the order number alone changes nothing", async () => {
    const u = await newUser();
    const p = await product('VIP_MONTH');
    const created = await srv.call(
      'POST',
      '/api/order/create',
      { productId: p.productId, productCode: p.productCode },
      u.headers,
    );
    const { orderNo, payLink } = created.body.data as { orderNo: string; payLink: string };
    const row = async () => (await srv.runtime.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0];
    const before = await row();
    expect(before?.sandboxKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(before?.payLink).toBe(`https://miaobi.example/pay/sandbox/${orderNo}`);

    for (const action of ['confirm', 'cancel']) {
      const bare = await srv.call('POST', `/api/pay/sandbox/${orderNo}/${action}`);
      expect(bare.status).toBe(400);
      const wrong = await srv.call('POST', `/api/pay/sandbox/${orderNo}/${action}`, { key: 'A'.repeat(43) });
      expect(wrong).toMatchObject({
        status: 404,
        body: { result: '支付链接无效或已使用，请回到网页重新打开支付二维码' },
      });
    }
    // The key of another order, or the hash itself, is no key for this one.
    const hashed = await srv.call('POST', `/api/pay/sandbox/${orderNo}/confirm`, { key: before?.sandboxKeyHash });
    expect(hashed.status).toBe(404);
    expect(await row()).toEqual(before);

    // Reopening the pay dialog hands the owner a new key and retires the old one.
    const fresh = await srv.call('POST', `/api/pay/sandbox/${orderNo}/link`, undefined, u.headers);
    expect(fresh.body.data.payLink).not.toBe(payLink);
    expect((await sandboxPay(srv, payLink)).status).toBe(404);
    expect((await row())?.orderStatus).toBe(5);
    const paid = await sandboxPay(srv, fresh.body.data.payLink);
    expect(paid.body).toMatchObject({ code: 1000000, data: { orderStatus: 1 } });
    expect((await sandboxPay(srv, fresh.body.data.payLink, 'cancel')).status).toBe(404);
    expect((await row())?.orderStatus).toBe(1);
    expect((await row())?.sandboxKeyHash).toBeNull();
    const late = await srv.call('POST', `/api/pay/sandbox/${orderNo}/link`, undefined, u.headers);
    expect(late.status).toBe(400);

    // Cancelling through the link uses its key too.
    const plus = await product('VIP_QUARTER');
    const other = await srv.call(
      'POST',
      '/api/order/create',
      { productId: plus.productId, productCode: plus.productCode },
      u.headers,
    );
    const cancelled = await sandboxPay(srv, other.body.data.payLink, 'cancel');
    expect(cancelled.body).toMatchObject({ code: 1000000, data: { orderStatus: 6 } });
    expect((await sandboxPay(srv, other.body.data.payLink)).status).toBe(404);
  });

  it('create → pay link → sandbox confirm → paid, pushed, membership extended once', async () => {
    const u = await newUser();
    const p = await product('VIP_MONTH');
    const created = await srv.call(
      'POST',
      '/api/order/create',
      { productId: p.productId, productCode: p.productCode },
      u.headers,
    );
    expect(created.body.code).toBe(1000000);
    const order = created.body.data;
    expect(order).toMatchObject({
      orderStatus: 5,
      orderPrice: p.productDisPrice,
      payLimitTime: 15,
      orderDesc: '月度会员',
    });
    expect(order.payLink).toMatch(
      new RegExp(`^https://miaobi\\.example/pay/sandbox/${order.orderNo}\\?key=[\\w-]{43}$`),
    );

    const socket = await openSocket(srv.url, { taskId: order.orderNo, token: u.token });
    await socket.next(isConnected);
    const before = Date.now();
    const confirm = await sandboxPay(srv, order.payLink);
    expect(confirm.body).toMatchObject({ code: 1000000, data: { orderStatus: 1 } });
    expect(await socket.next((m) => (m as { code: number }).code === 1000000)).toEqual({
      code: 1000000,
      data: { orderStatus: 1, orderDesc: '月度会员' },
    });
    const paid = await userRow(u.id);
    expect(paid.vipType).toBe(1);
    const end = paid.endDate?.getTime() ?? 0;
    expect(end - before).toBeGreaterThan(30 * DAY - 60_000);
    expect(end - before).toBeLessThan(30 * DAY + 60_000);

    // The key was used up: the same link pays nothing twice.
    expect((await sandboxPay(srv, order.payLink)).status).toBe(404);
    expect(await markPaid(srv.runtime, order.orderNo, { amount: p.productDisPrice, source: 'test-replay' })).toBe(
      'already',
    );
    expect((await userRow(u.id)).endDate?.getTime()).toBe(end);
    const events = await srv.runtime.database.db
      .select()
      .from(orderEvents)
      .where(
        eq(
          orderEvents.orderId,
          (await srv.runtime.database.db.select().from(orders).where(eq(orders.orderNo, order.orderNo)))[0]?.id ?? 0,
        ),
      );
    expect(events.map((e) => e.toStatus)).toEqual([2, 5, 1]);

    // A second month extends from the current end, not from today.
    const again = await srv.call(
      'POST',
      '/api/order/create',
      { productId: p.productId, productCode: p.productCode },
      u.headers,
    );
    await sandboxPay(srv, again.body.data.payLink);
    expect((await userRow(u.id)).endDate?.getTime()).toBe(end + 30 * DAY);

    const list = await srv.call('POST', '/api/order/list', { pageNum: 1, pageSize: 10 }, u.headers);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.records.map((r: { orderStatus: number }) => r.orderStatus)).toEqual([1, 1]);
    const log = await srv.call('GET', '/api/user/log', undefined, u.headers);
    expect(log.body.data.orderFlag).toBe(true);
  });

  it('20 concurrent creates for one product give one unpaid order', async () => {
    const u = await newUser();
    const p = await product('VIP_YEAR');
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        srv.call('POST', '/api/order/create', { productId: p.productId, productCode: p.productCode }, u.headers),
      ),
    );
    const codes = replies.map((r) => r.body.code);
    expect(codes.filter((c) => c === 1000000)).toHaveLength(1);
    expect(codes.filter((c) => c === 100000304)).toHaveLength(19);
    const orderNos = new Set(replies.map((r) => r.body.data.orderNo));
    expect(orderNos.size).toBe(1);
    const dup = replies.find((r) => r.body.code === 100000304);
    expect(dup?.body.result).toBe('您有相同订单还未支付，请先支付');
    const rows = await srv.runtime.database.db.select().from(orders).where(eq(orders.userId, u.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a payment with the wrong amount and an unknown order, changing nothing', async () => {
    const u = await newUser();
    const p = await product('PLUS_MONTH');
    const { body } = await srv.call(
      'POST',
      '/api/order/create',
      { productId: p.productId, productCode: p.productCode },
      u.headers,
    );
    expect(await markPaid(srv.runtime, body.data.orderNo, { amount: p.productDisPrice - 1, source: 'test' })).toBe(
      'mismatch',
    );
    expect(await markPaid(srv.runtime, 'MBNOSUCHORDER', { amount: 1, source: 'test' })).toBe('unknown');
    const row = await userRow(u.id);
    expect(row.plusType).toBeNull();
    expect(
      (await srv.call('GET', `/api/order/detail?orderNo=${body.data.orderNo}`, undefined, u.headers)).body.data
        .orderStatus,
    ).toBe(5);
    expect(await markPaid(srv.runtime, body.data.orderNo, { amount: p.productDisPrice, source: 'test' })).toBe('paid');
    expect((await userRow(u.id)).plusType).toBe(1);
  });

  it('auto-cancels after the pay limit with a push, and still honours a late payment', async () => {
    const u = await newUser();
    const p = await product('VIP_QUARTER');
    const { body } = await srv.call(
      'POST',
      '/api/order/create',
      { productId: p.productId, productCode: p.productCode },
      u.headers,
    );
    const socket = await openSocket(srv.url, { taskId: body.data.orderNo, token: u.token });
    await socket.next(isConnected);
    await srv.runtime.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.orderNo, body.data.orderNo));
    expect(await sweepExpiredOrders(srv.runtime)).toBeGreaterThanOrEqual(1);
    expect(await socket.next((m) => (m as { data?: { orderStatus: number } }).data?.orderStatus === 7)).toMatchObject({
      code: 1000000,
    });
    expect(
      (await srv.call('GET', `/api/order/detail?orderNo=${body.data.orderNo}`, undefined, u.headers)).body.data
        .orderStatus,
    ).toBe(7);
    // A new order for the same product is allowed now.
    const next = await srv.call(
      'POST',
      '/api/order/create',
      { productId: p.productId, productCode: p.productCode },
      u.headers,
    );
    expect(next.body.code).toBe(1000000);
    // The money for the cancelled one arrives after all: honoured.
    expect(await markPaid(srv.runtime, body.data.orderNo, { amount: p.productDisPrice, source: 'late' })).toBe('paid');
    expect((await userRow(u.id)).vipType).toBe(1);
  });

  it("hides and protects one user's orders from another", async () => {
    const a = await newUser();
    const b = await newUser();
    const p = await product('MUSIC_10');
    const { body } = await srv.call(
      'POST',
      '/api/order/create',
      { productId: p.productId, productCode: p.productCode },
      a.headers,
    );
    const orderNo = body.data.orderNo;
    expect((await srv.call('POST', '/api/order/list', { pageNum: 1, pageSize: 10 }, b.headers)).body.data.total).toBe(
      0,
    );
    expect((await srv.call('GET', `/api/order/detail?orderNo=${orderNo}`, undefined, b.headers)).status).toBe(404);
    expect((await srv.call('POST', '/api/order/cancel', { orderNo }, b.headers)).status).toBe(404);
    const spy = await openSocket(srv.url, { taskId: orderNo, token: b.token });
    expect((await spy.closed).code).toBe(4403);
    // The owner cancels, and may order again.
    const cancel = await srv.call('POST', '/api/order/cancel', { orderNo }, a.headers);
    expect(cancel.body.data.orderStatus).toBe(6);
    const search = await srv.call(
      'POST',
      '/api/order/list',
      { pageNum: 1, pageSize: 10, orderNo: orderNo.slice(-8) },
      a.headers,
    );
    expect(search.body.data.records.map((r: { orderNo: string }) => r.orderNo)).toEqual([orderNo]);
  });

  it('adds compositions for a pack; a free product is granted at once and limited', async () => {
    const u = await newUser();
    const pack = await product('MUSIC_10');
    const { body } = await srv.call(
      'POST',
      '/api/order/create',
      { productId: pack.productId, productCode: pack.productCode },
      u.headers,
    );
    await sandboxPay(srv, body.data.payLink);
    expect((await userRow(u.id)).compositionsLeft).toBe(10);

    const trial = await product('TRIAL_DAY');
    const free = await srv.call(
      'POST',
      '/api/order/create',
      { productId: trial.productId, productCode: trial.productCode },
      u.headers,
    );
    expect(free.body).toMatchObject({ code: 1000000, data: { orderStatus: 9, orderPrice: 0 } });
    expect((await userRow(u.id)).vipType).toBe(1);
    const twice = await srv.call(
      'POST',
      '/api/order/create',
      { productId: trial.productId, productCode: trial.productCode },
      u.headers,
    );
    expect(twice.body.code).toBe(100000305);
    expect(twice.body.result).toBe('该商品每人限购 1 次，您已达到购买上限');
    const wrongCode = await srv.call(
      'POST',
      '/api/order/create',
      { productId: trial.productId, productCode: 'VIP_MONTH' },
      u.headers,
    );
    expect(wrongCode.body.code).toBe(100000305);
  });
});
