// Paying for an order: the sandbox pay link's one-time key, the paid-once
// path (markPaid) with its push and membership, refused payments, and the
// sweeper's auto-cancel. Creating and owning orders: orders.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushChannels } from '../../../src/server/db/schema';
import { markPaid } from '../../../src/server/services/shop/mark-paid';
import { sweepExpiredOrders } from '../../../src/server/services/shop/order-lifecycle';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { sandboxPay } from '../sandbox-helpers';
import { isConnected, openSocket } from '../socket-helpers';
import {
  createOrder,
  detailStatus,
  expireOrder,
  orderEventRows,
  orderHistory,
  orderRow,
  productByCode,
  sandboxKeyHash,
  userRow,
} from './pay-helpers';

let srv: TestServer;
let n = 0;
beforeAll(async () => {
  srv = await startTestServer({ PUBLIC_ORIGIN: 'https://miaobi.example', ALLOW_SANDBOX: 'true' });
});
afterAll(() => srv?.dispose());

const newUser = () => createUserWithToken(srv, `payer${++n}@example.com`);
const DAY = 86_400_000;

describe('sandbox payment', () => {
  it("sandbox confirm and cancel need the pay link's one-time key; the order number alone changes nothing", async () => {
    const u = await newUser();
    const created = await createOrder(srv, u.headers, 'VIP_MONTH');
    const { orderNo, payLink } = created.body.data as { orderNo: string; payLink: string };
    const row = () => orderRow(srv, orderNo);
    const before = await row();
    const keyHash = await sandboxKeyHash(srv, orderNo);
    expect(keyHash).toMatch(/^[0-9a-f]{64}$/);
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
    const hashed = await srv.call('POST', `/api/pay/sandbox/${orderNo}/confirm`, { key: keyHash });
    expect(hashed.status).toBe(404);
    expect(await row()).toEqual(before);
    expect(await sandboxKeyHash(srv, orderNo)).toBe(keyHash);

    // Reopening the pay dialog hands the owner a new key and retires the old one.
    const fresh = await srv.call('POST', `/api/pay/sandbox/${orderNo}/link`, undefined, u.headers);
    expect(fresh.body.data.payLink).not.toBe(payLink);
    expect((await sandboxPay(srv, payLink)).status).toBe(404);
    expect((await row())?.orderStatus).toBe(5);
    const paid = await sandboxPay(srv, fresh.body.data.payLink);
    expect(paid.body).toMatchObject({ code: 1000000, data: { orderStatus: 1 } });
    expect((await sandboxPay(srv, fresh.body.data.payLink, 'cancel')).status).toBe(404);
    expect((await row())?.orderStatus).toBe(1);
    expect(await sandboxKeyHash(srv, orderNo)).toBeNull();
    const late = await srv.call('POST', `/api/pay/sandbox/${orderNo}/link`, undefined, u.headers);
    expect(late.status).toBe(400);

    // Cancelling through the link uses its key too.
    const other = await createOrder(srv, u.headers, 'VIP_QUARTER');
    const cancelled = await sandboxPay(srv, other.body.data.payLink, 'cancel');
    expect(cancelled.body).toMatchObject({ code: 1000000, data: { orderStatus: 6 } });
    expect((await sandboxPay(srv, other.body.data.payLink)).status).toBe(404);
  });

  it('create → pay link → sandbox confirm → paid, pushed, membership extended once', async () => {
    const u = await newUser();
    const p = await productByCode(srv, 'VIP_MONTH');
    const created = await createOrder(srv, u.headers, 'VIP_MONTH');
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
    const paid = await userRow(srv, u.id);
    expect(paid.vipType).toBe(1);
    const end = paid.endDate?.getTime() ?? 0;
    expect(end - before).toBeGreaterThan(30 * DAY - 60_000);
    expect(end - before).toBeLessThan(30 * DAY + 60_000);

    // The key was used up: the same link pays nothing twice.
    expect((await sandboxPay(srv, order.payLink)).status).toBe(404);
    expect(await markPaid(srv.runtime, order.orderNo, { amount: p.productDisPrice, source: 'test-replay' })).toBe(
      'already',
    );
    expect((await userRow(srv, u.id)).endDate?.getTime()).toBe(end);
    expect(await orderHistory(srv, order.orderNo)).toEqual([2, 5, 1]);
    // Each line says where the order came from and what moved it (the first two are written with their change).
    expect(
      (await orderEventRows(srv, order.orderNo)).map((e) => ({ from: e.fromStatus, to: e.toStatus, source: e.source })),
    ).toEqual([
      { from: null, to: 2, source: 'create' },
      { from: 2, to: 5, source: 'sandbox' },
      { from: 5, to: 1, source: expect.any(String) },
    ]);
    const [channel] = await srv.runtime.database.db
      .select()
      .from(pushChannels)
      .where(eq(pushChannels.taskId, order.orderNo));
    expect(channel).toMatchObject({ userId: u.id, kind: 'order', keyHash: null });

    // A second month extends from the current end, not from today.
    const again = await createOrder(srv, u.headers, 'VIP_MONTH');
    await sandboxPay(srv, again.body.data.payLink);
    expect((await userRow(srv, u.id)).endDate?.getTime()).toBe(end + 30 * DAY);

    const list = await srv.call('POST', '/api/order/list', { pageNum: 1, pageSize: 10 }, u.headers);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.records.map((r: { orderStatus: number }) => r.orderStatus)).toEqual([1, 1]);
    const log = await srv.call('GET', '/api/user/log', undefined, u.headers);
    expect(log.body.data.orderFlag).toBe(true);
  });
});

describe('paid once, and only with the right amount', () => {
  it('refuses a payment with the wrong amount and an unknown order, changing nothing', async () => {
    const u = await newUser();
    const p = await productByCode(srv, 'PLUS_MONTH');
    const { body } = await createOrder(srv, u.headers, 'PLUS_MONTH');
    expect(await markPaid(srv.runtime, body.data.orderNo, { amount: p.productDisPrice - 1, source: 'test' })).toBe(
      'mismatch',
    );
    expect(await markPaid(srv.runtime, 'MBNOSUCHORDER', { amount: 1, source: 'test' })).toBe('unknown');
    expect((await userRow(srv, u.id)).plusType).toBeNull();
    expect(await detailStatus(srv, body.data.orderNo, u.headers)).toBe(5);
    expect(await markPaid(srv.runtime, body.data.orderNo, { amount: p.productDisPrice, source: 'test' })).toBe('paid');
    expect((await userRow(srv, u.id)).plusType).toBe(1);
  });

  it('auto-cancels after the pay limit with a push, and still honours a late payment', async () => {
    const u = await newUser();
    const p = await productByCode(srv, 'VIP_QUARTER');
    const { body } = await createOrder(srv, u.headers, 'VIP_QUARTER');
    const socket = await openSocket(srv.url, { taskId: body.data.orderNo, token: u.token });
    await socket.next(isConnected);
    await expireOrder(srv, body.data.orderNo);
    expect(await sweepExpiredOrders(srv.runtime)).toBeGreaterThanOrEqual(1);
    expect(await socket.next((m) => (m as { data?: { orderStatus: number } }).data?.orderStatus === 7)).toMatchObject({
      code: 1000000,
    });
    expect(await detailStatus(srv, body.data.orderNo, u.headers)).toBe(7);
    // A new order for the same product is allowed now.
    const next = await createOrder(srv, u.headers, 'VIP_QUARTER');
    expect(next.body.code).toBe(1000000);
    // The money for the cancelled one arrives after all: honoured.
    expect(await markPaid(srv.runtime, body.data.orderNo, { amount: p.productDisPrice, source: 'late' })).toBe('paid');
    expect((await userRow(srv, u.id)).vipType).toBe(1);
  });
});
