import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../../src/server/config/env';
import { OrderStatus, orders } from '../../../src/server/db/schema';
import { createPaymentProvider } from '../../../src/server/providers/payment';
import { sweepExpiredOrders } from '../../../src/server/services/shop/order-lifecycle';
import { Code } from '../../../src/shared/codes';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { isConnected, openSocket } from '../socket-helpers';
import { type FakeWechatPay, startFakeWechatPay } from './fake-wechatpay';
import * as pay from './pay-helpers';
import { APPID, codeUrl, MCHID, wechatPayEnv } from './wechatpay-merchant';

let srv: TestServer;
let fake: FakeWechatPay;
let api: pay.NotifyApi;
let n = 0;
beforeAll(async () => {
  fake = await startFakeWechatPay();
  srv = await startTestServer(wechatPayEnv(fake));
  api = await pay.startNotifyApi(srv);
});
afterAll(async () => {
  await api?.close();
  await srv?.dispose();
  await fake?.close();
});

const NOTIFY = '/api/pay/wechat/notify';
const DAY = 86_400_000;

async function placeOrder() {
  const u = await createUserWithToken(srv, `wxpay${++n}@example.com`);
  const res = await pay.createOrder(srv, u.headers, 'VIP_MONTH');
  expect(res.body.code).toBe(1000000);
  return { u, orderNo: res.body.data.orderNo as string, order: res.body.data };
}

const send = (n: { headers: Record<string, string>; body: string }) => api.post(NOTIFY, n.body, n.headers);

describe('configuration', () => {
  it('refuses to start without the WeChat Pay variables, naming each missing one', () => {
    expect(() => loadEnv({ PAY_PROVIDER: 'wechatpay', WECHATPAY_MCHID: MCHID })).toThrow(EnvError);
    expect(() => loadEnv({ PAY_PROVIDER: 'wechatpay', WECHATPAY_MCHID: MCHID })).toThrow(
      /PUBLIC_ORIGIN, WECHATPAY_APPID, WECHATPAY_SERIAL_NO, WECHATPAY_PRIVATE_KEY, WECHATPAY_API_V3_KEY, WECHATPAY_PUBLIC_KEY, WECHATPAY_PUBLIC_KEY_ID$/,
    );
    expect(() => loadEnv({ ...wechatPayEnv(fake), WECHATPAY_API_V3_KEY: 'too-short' })).toThrow(
      /WECHATPAY_API_V3_KEY: must be exactly 32 bytes/,
    );
  });

  it('names an unreadable key without printing it', () => {
    const bad = '-----BEGIN PRIVATE KEY-----\nc2VjcmV0LXNlY3JldA==\n-----END PRIVATE KEY-----';
    const env = loadEnv({ ...wechatPayEnv(fake), WECHATPAY_PRIVATE_KEY: bad });
    expect(() => createPaymentProvider(env)).toThrow(/^WECHATPAY_PRIVATE_KEY: not a private key/);
    try {
      createPaymentProvider(env);
    } catch (err) {
      expect((err as Error).message).not.toContain('c2VjcmV0');
    }
    const missing = loadEnv({ ...wechatPayEnv(fake), WECHATPAY_PUBLIC_KEY: '/no/such/pub_key.pem' });
    expect(() => createPaymentProvider(missing)).toThrow(/^WECHATPAY_PUBLIC_KEY: /);
  });
});

describe('Native order', () => {
  it('keeps an order WeChat Pay refused as failed, with the reason in its history; the user may order again', async () => {
    const u = await createUserWithToken(srv, `wxpay${++n}@example.com`);
    fake.state.refuseNextOrder = true;
    const refused = await pay.createOrder(srv, u.headers, 'VIP_MONTH');
    expect(refused.body).toMatchObject({
      code: Code.BAD_REQUEST,
      result: '订单创建失败，请重新选择您要开通的会员类型',
    });
    const [row] = await srv.runtime.database.db.select().from(orders).where(eq(orders.userId, u.id));
    expect(row).toMatchObject({ orderStatus: OrderStatus.FAILED, payLink: null, payProvider: 'wechatpay' });
    const lines = await pay.orderEventRows(srv, row?.orderNo ?? '');
    expect(lines.map((e) => [e.fromStatus, e.toStatus, e.source])).toEqual([
      [null, OrderStatus.TO_PAY, 'create'],
      [OrderStatus.TO_PAY, OrderStatus.FAILED, 'provider'],
    ]);
    expect(lines[1]?.detail).toContain('PARAM_ERROR');

    const again = await pay.createOrder(srv, u.headers, 'VIP_MONTH');
    expect(again.body.data).toMatchObject({
      orderStatus: OrderStatus.PAYING,
      payLink: codeUrl(again.body.data.orderNo),
    });
  });

  it('keeps a refusal whose words PostgreSQL cannot store (a NUL, half a surrogate pair) as failed, cleaned', async () => {
    const u = await createUserWithToken(srv, `wxpay${++n}@example.com`);
    fake.state.refuseNextOrder = true;
    fake.state.refusalCode = 'BAD\u0000_CODE\ud800_X';
    try {
      const refused = await pay.createOrder(srv, u.headers, 'VIP_MONTH');
      expect(refused.status).not.toBe(500);
      expect(refused.body.code).toBe(Code.BAD_REQUEST);
    } finally {
      fake.state.refusalCode = 'PARAM_ERROR';
    }
    const [row] = await srv.runtime.database.db.select().from(orders).where(eq(orders.userId, u.id));
    expect(row?.orderStatus).toBe(OrderStatus.FAILED);
    const lines = await pay.orderEventRows(srv, row?.orderNo ?? '');
    expect(lines[1]?.detail).toContain('HTTP 400 BAD_CODE_X');
  });

  it('places the order signed, and the QR encodes code_url', async () => {
    const { orderNo, order } = await placeOrder();
    expect(order.payLink).toBe(codeUrl(orderNo));
    expect(fake.state.verified).toContain('POST /v3/pay/transactions/native');
    expect(fake.state.refusedAuth).toBe(0);
    const sent = fake.orders.get(orderNo)?.body;
    expect(sent).toMatchObject({
      appid: APPID,
      mchid: MCHID,
      description: '月度会员',
      out_trade_no: orderNo,
      notify_url: 'https://miaobi.example/api/pay/wechat/notify',
      amount: { total: order.orderPrice, currency: 'CNY' },
    });
    const expire = String(sent?.time_expire);
    expect(expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    expect(Date.parse(expire)).toBe(Math.floor(Date.parse(order.expiresAt) / 1000) * 1000);
  });

  it('does not believe a reply whose signature fails: the order is not offered', async () => {
    fake.state.forgeNextReply = true;
    const u = await createUserWithToken(srv, `wxpay${++n}@example.com`);
    const res = await pay.createOrder(srv, u.headers, 'VIP_MONTH');
    expect(res.body.code).toBe(400);
    expect(res.body.data).toBeNull();
  });
});

describe('payment notify', () => {
  it('pays once: status 1, membership, a push to the owner; a replay changes nothing', async () => {
    const { u, orderNo } = await placeOrder();
    const socket = await openSocket(srv.url, { taskId: orderNo, token: u.token });
    await socket.next(isConnected);
    fake.pay(orderNo);
    const notify = fake.notify(orderNo);
    const before = Date.now();
    expect((await send(notify)).status).toBe(204);
    expect(await socket.next((m) => (m as { code: number }).code === 1000000)).toEqual({
      code: 1000000,
      data: { orderStatus: 1, orderDesc: '月度会员' },
    });
    const row = await pay.orderRow(srv, orderNo);
    expect(row.orderStatus).toBe(1);
    expect(row.providerTradeNo).toBe(fake.orders.get(orderNo)?.transactionId);
    const paid = await pay.userRow(srv, u.id);
    expect(paid.vipType).toBe(1);
    const end = paid.endDate?.getTime() ?? 0;
    expect(Math.abs(end - before - 30 * DAY)).toBeLessThan(60_000);

    expect((await send(notify)).status).toBe(204);
    expect((await send(fake.notify(orderNo))).status).toBe(204);
    expect((await pay.userRow(srv, u.id)).endDate?.getTime()).toBe(end);
    expect(await pay.orderHistory(srv, orderNo)).toEqual([2, 5, 1]);
  });

  it('refuses forged, mis-serialled, stale, tampered and undecryptable notifies, changing nothing', async () => {
    const { u, orderNo } = await placeOrder();
    const cases = [
      { forge: true },
      { serial: 'PUB_KEY_ID_0000000000000000000000000000000000' },
      { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 },
      { timestamp: Math.floor(Date.now() / 1000) + 6 * 60 },
      { tamper: true },
      { wrongKey: true },
    ];
    for (const opts of cases) {
      const res = await send(fake.notify(orderNo, opts));
      expect(res.status, JSON.stringify(opts)).toBe(401);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'FAIL' });
    }
    const missing = fake.notify(orderNo);
    delete missing.headers['Wechatpay-Signature'];
    expect((await send(missing)).status).toBe(401);
    expect((await pay.orderRow(srv, orderNo)).orderStatus).toBe(5);
    expect((await pay.userRow(srv, u.id)).vipType).toBeNull();
  });

  it('refuses an amount that is not the order price, and an unknown order', async () => {
    const { u, orderNo, order } = await placeOrder();
    const res = await send(fake.notify(orderNo, { total: order.orderPrice - 1 }));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({ code: 'FAIL', message: 'mismatch' });
    expect((await pay.orderRow(srv, orderNo)).orderStatus).toBe(5);
    expect((await pay.userRow(srv, u.id)).vipType).toBeNull();

    fake.orders.set('MBNOSUCHORDER', { body: {}, total: 100, state: 'NOTPAY' });
    expect((await send(fake.notify('MBNOSUCHORDER'))).status).toBe(400);
    // The right amount still pays it.
    expect((await send(fake.notify(orderNo))).status).toBe(204);
    expect((await pay.orderRow(srv, orderNo)).orderStatus).toBe(1);
  });

  it('acknowledges other verified events without acting on them', async () => {
    const { orderNo } = await placeOrder();
    expect((await send(fake.notify(orderNo, { eventType: 'REFUND.SUCCESS' }))).status).toBe(204);
    expect((await pay.orderRow(srv, orderNo)).orderStatus).toBe(5);
  });

  it('answers 404 for the inactive provider, 413 for a huge body, and is documented', async () => {
    const unknown = await api.post('/api/no-such-path', '', {});
    const alipay = await api.post('/api/pay/alipay/notify', 'a=b', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(alipay.status).toBe(404);
    expect(alipay.text).toBe(unknown.text);
    const huge = await send({ headers: { 'content-type': 'application/json' }, body: 'x'.repeat(70 * 1024) });
    expect(huge.status).toBe(413);
    const doc = await (await fetch(`${api.url}/api/openapi.json`)).json();
    expect(pay.unboundedStrings(doc, [NOTIFY, '/api/pay/alipay/notify'])).toEqual([]);
    expect(doc.paths[NOTIFY].post.parameters.map((h: { in: string }) => h.in)).toContain('header');
  });
});

describe('order sweeper', () => {
  it('asks WeChat Pay about an expired order whose notify never came, and honours the payment', async () => {
    const { u, orderNo } = await placeOrder();
    fake.pay(orderNo);
    await pay.expireOrder(srv, orderNo);
    expect(await sweepExpiredOrders(srv.runtime)).toBeGreaterThanOrEqual(1);
    expect(fake.state.verified).toContain(`GET /v3/pay/transactions/out-trade-no/${orderNo}`);
    const row = await pay.orderRow(srv, orderNo);
    expect(row.orderStatus).toBe(1);
    expect(row.providerTradeNo).toBe(fake.orders.get(orderNo)?.transactionId);
    expect((await pay.userRow(srv, u.id)).vipType).toBe(1);
    expect(fake.state.closed).not.toContain(orderNo);
  });

  it('closes an unpaid order at WeChat Pay when it times out', async () => {
    const { orderNo } = await placeOrder();
    await pay.expireOrder(srv, orderNo);
    await sweepExpiredOrders(srv.runtime);
    expect((await pay.orderRow(srv, orderNo)).orderStatus).toBe(7);
    expect(fake.state.closed).toContain(orderNo);
    expect(fake.orders.get(orderNo)?.state).toBe('CLOSED');
    expect(fake.state.refusedAuth).toBe(0);
  });
});
