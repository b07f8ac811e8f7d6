import { createPrivateKey, createPublicKey } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../../src/server/config/env';
import { createPaymentProvider } from '../../../src/server/providers/payment';
import { sweepExpiredOrders } from '../../../src/server/services/shop/order-lifecycle';
import { pollPayments } from '../../../src/server/services/shop/payment-poll';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { isConnected, openSocket } from '../socket-helpers';
import { alipayEnv, type FakeAlipay, qrCode, startFakeAlipay } from './fake-alipay';
import * as pay from './pay-helpers';

let srv: TestServer;
let fake: FakeAlipay;
let api: pay.NotifyApi;
let n = 0;
beforeAll(async () => {
  fake = await startFakeAlipay();
  srv = await startTestServer(alipayEnv(fake));
  api = await pay.startNotifyApi(srv);
});
afterAll(async () => {
  await api?.close();
  await srv?.dispose();
  await fake?.close();
});

const NOTIFY = '/api/pay/alipay/notify';
const FORM = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };
const send = (body: string) => api.post(NOTIFY, body, FORM);

async function placeOrder(code = 'VIP_MONTH') {
  const u = await createUserWithToken(srv, `alipay${++n}@example.com`);
  const res = await pay.createOrder(srv, u.headers, code);
  expect(res.body.code).toBe(1000000);
  return { u, orderNo: res.body.data.orderNo as string, order: res.body.data };
}

describe('configuration', () => {
  it('refuses to start without the Alipay variables, naming each missing one', () => {
    expect(() => loadEnv({ PAY_PROVIDER: 'alipay' })).toThrow(EnvError);
    expect(() => loadEnv({ PAY_PROVIDER: 'alipay', PUBLIC_ORIGIN: 'https://a.example' })).toThrow(
      /needs ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY$/,
    );
  });

  it('takes keys as PEM, as a file path, or as the bare base64 of Alipay’s key tool', () => {
    const bare = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');
    const pkcs1 = createPrivateKey(fake.app.privatePem).export({ type: 'pkcs1', format: 'der' }).toString('base64');
    const spki = createPublicKey(fake.alipay.publicPem).export({ type: 'spki', format: 'der' }).toString('base64');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'alipay-keys-')), 'app_private.pem');
    writeFileSync(file, fake.app.privatePem);
    const forms = [
      [bare(fake.app.privatePem), spki],
      [pkcs1, bare(fake.alipay.publicPem)],
      [file, fake.alipay.publicPem.replace(/\n/g, '\\n')],
    ] as const;
    for (const [ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY] of forms) {
      const env = loadEnv({ ...alipayEnv(fake), ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY });
      expect(createPaymentProvider(env).mode).toBe('alipay');
    }
    const wrong = loadEnv({ ...alipayEnv(fake), ALIPAY_PUBLIC_KEY: `${file}.missing` });
    expect(() => createPaymentProvider(wrong)).toThrow(/^ALIPAY_PUBLIC_KEY: /);
  });
});

describe('precreate', () => {
  it('places the trade with an RSA2-signed request; the QR encodes qr_code', async () => {
    const { orderNo, order } = await placeOrder();
    expect(order.payLink).toBe(qrCode(orderNo));
    expect(fake.state.verified).toContain('alipay.trade.precreate');
    expect(fake.state.refused).toBe(0);
    const trade = fake.trades.get(orderNo);
    expect(trade?.biz).toEqual({
      out_trade_no: orderNo,
      total_amount: '29.00',
      subject: '月度会员',
      timeout_express: '15m',
    });
    expect(trade?.notifyUrl).toBe('https://miaobi.example/api/pay/alipay/notify');
  });

  it('does not believe a reply whose sign fails: the order is not offered', async () => {
    fake.state.forgeNextReply = true;
    const u = await createUserWithToken(srv, `alipay${++n}@example.com`);
    const res = await pay.createOrder(srv, u.headers, 'VIP_MONTH');
    expect(res.body.code).toBe(400);
  });
});

describe('asynchronous notify', () => {
  it("pays once: status 1, membership, a push; answers 'success', and a replay changes nothing", async () => {
    const { u, orderNo } = await placeOrder();
    const socket = await openSocket(srv.url, { taskId: orderNo, token: u.token });
    await socket.next(isConnected);
    fake.pay(orderNo);
    const body = fake.notify(orderNo);
    expect(await send(body)).toEqual({ status: 200, text: 'success' });
    expect(await socket.next((m) => (m as { code: number }).code === 1000000)).toEqual({
      code: 1000000,
      data: { orderStatus: 1, orderDesc: '月度会员' },
    });
    const row = await pay.orderRow(srv, orderNo);
    expect(row.orderStatus).toBe(1);
    expect(row.providerTradeNo).toBe(fake.trades.get(orderNo)?.tradeNo);
    const paid = await pay.userRow(srv, u.id);
    expect(paid.vipType).toBe(1);
    expect((await send(body)).text).toBe('success');
    expect((await send(fake.notify(orderNo, { tradeStatus: 'TRADE_FINISHED' }))).text).toBe('success');
    expect((await pay.userRow(srv, u.id)).endDate).toEqual(paid.endDate);
    expect(await pay.orderHistory(srv, orderNo)).toEqual([2, 5, 1]);
  });

  it("refuses a forged or tampered notify, another app's, RSA1, or a wrong amount, changing nothing", async () => {
    const { u, orderNo } = await placeOrder();
    fake.scan(orderNo);
    const bodies = [
      fake.notify(orderNo, { forge: true }),
      fake.notify(orderNo, { tamperAmount: '0.01' }),
      fake.notify(orderNo, { appId: '2021000999999999' }),
      fake.notify(orderNo, { signType: 'RSA' }),
      fake.notify(orderNo, { totalAmount: '28.99' }),
      fake.notify(orderNo, { totalAmount: '29.001' }),
      fake.notify(orderNo).replace(/&sign=[^&]*/, ''),
    ];
    for (const body of bodies) expect(await send(body), body).toEqual({ status: 200, text: 'fail' });
    expect((await pay.orderRow(srv, orderNo)).orderStatus).toBe(5);
    expect((await pay.userRow(srv, u.id)).vipType).toBeNull();
    // WAIT_BUYER_PAY / TRADE_CLOSED are acknowledged, and record nothing.
    expect((await send(fake.notify(orderNo, { tradeStatus: 'TRADE_CLOSED' }))).text).toBe('success');
    expect((await pay.orderRow(srv, orderNo)).orderStatus).toBe(5);
  });

  it('converts yuan to fen exactly: 0.01 and 268.00', async () => {
    await pay.setPrice(srv, 'MUSIC_10', 1);
    const cheap = await placeOrder('MUSIC_10');
    expect(fake.trades.get(cheap.orderNo)?.biz.total_amount).toBe('0.01');
    fake.pay(cheap.orderNo);
    expect((await send(fake.notify(cheap.orderNo))).text).toBe('success');
    expect((await pay.userRow(srv, cheap.u.id)).compositionsLeft).toBe(10);

    const year = await placeOrder('VIP_YEAR');
    expect(fake.trades.get(year.orderNo)?.biz.total_amount).toBe('268.00');
    fake.pay(year.orderNo);
    expect((await send(fake.notify(year.orderNo, { totalAmount: '268' }))).text).toBe('success');
    expect((await pay.orderRow(srv, year.orderNo)).orderStatus).toBe(1);
  });

  it('answers 404 for the inactive provider, like an unknown path', async () => {
    const unknown = await api.post('/api/no-such-path', '', {});
    const wechat = await api.post('/api/pay/wechat/notify', '{}', { 'content-type': 'application/json' });
    expect(wechat.status).toBe(404);
    expect(wechat.text).toBe(unknown.text);
  });
});

describe('payment poller', () => {
  it('asks Alipay about an unpaid order from 10 s after its QR was issued, and credits the payment', async () => {
    const { u, orderNo } = await placeOrder('VIP_QUARTER');
    fake.pay(orderNo);
    await pollPayments(srv.runtime, new Date(Date.now() + 11_000));
    expect((await pay.orderRow(srv, orderNo)).orderStatus).toBe(1);
    expect((await pay.orderEventRows(srv, orderNo)).at(-1)?.source).toBe('alipay:query');
    expect((await pay.userRow(srv, u.id)).vipType).toBe(1);
  });
});

describe('order sweeper', () => {
  it('asks Alipay about an expired order whose notify never came, and honours the payment', async () => {
    const { u, orderNo } = await placeOrder('VIP_QUARTER');
    fake.pay(orderNo);
    await pay.expireOrder(srv, orderNo);
    expect(await sweepExpiredOrders(srv.runtime)).toBeGreaterThanOrEqual(1);
    expect(fake.state.verified).toContain('alipay.trade.query');
    expect((await pay.orderRow(srv, orderNo)).orderStatus).toBe(1);
    expect((await pay.userRow(srv, u.id)).vipType).toBe(1);
    expect(fake.state.closed).not.toContain(orderNo);
  });

  it('closes a timed-out order, scanned or not', async () => {
    const scanned = await placeOrder();
    const unscanned = await placeOrder();
    fake.scan(scanned.orderNo);
    await pay.expireOrder(srv, scanned.orderNo);
    await pay.expireOrder(srv, unscanned.orderNo);
    await sweepExpiredOrders(srv.runtime);
    for (const { orderNo } of [scanned, unscanned]) {
      expect((await pay.orderRow(srv, orderNo)).orderStatus).toBe(7);
      expect(fake.state.closed).toContain(orderNo);
    }
    expect(fake.trades.get(scanned.orderNo)?.status).toBe('TRADE_CLOSED');
  });
});
