import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';
import { alipayEnv, type FakeAlipay, startFakeAlipay } from '../shop/fake-alipay';
import { type FakeWechatPay, startFakeWechatPay } from '../shop/fake-wechatpay';
import * as pay from '../shop/pay-helpers';
import { wechatPayEnv } from '../shop/wechatpay-merchant';
import { makeStaff, type Staff } from './admin-helpers';
import { auditOf, DAY, daysLeft, mailsTo, paidOrder, refund } from './order-helpers';

// Refunds through WeChat Pay and Alipay, against local servers speaking their formats (docs/payments.md#refunds).
const NOTIFY = '/api/pay/wechat/notify';

describe('WeChat Pay refunds', () => {
  let srv: TestServer;
  let fake: FakeWechatPay;
  let api: pay.NotifyApi;
  let admin: Staff;
  beforeAll(async () => {
    fake = await startFakeWechatPay();
    srv = await startTestServer(wechatPayEnv(fake));
    api = await pay.startNotifyApi(srv);
    admin = await makeStaff(srv, 'wx-admin@example.com', 'admin');
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await srv?.dispose();
    await fake?.close();
  });

  /** An order paid at the fake and notified, as a real payment goes. */
  async function wxPaid() {
    const o = await paidOrder(srv, 'VIP_MONTH', { pay: (no) => fake.pay(no) });
    const n = fake.notify(o.orderNo);
    expect((await api.post(NOTIFY, n.body, n.headers)).status).toBe(204);
    return o;
  }

  it('asks for the refund signed; the signed refund notify settles it once, a replay is ignored', async () => {
    const o = await wxPaid();
    const res = await refund(srv, admin, o.orderNo, { amount: o.price, reason: 'not as described' });
    expect(res.body.data).toMatchObject({ applied: true, status: 'processing' });
    const refundNo = res.body.data.refundNo as string;
    expect(fake.state.verified).toContain('POST /v3/refund/domestic/refunds');
    expect(fake.refunds.get(refundNo)).toMatchObject({ out_trade_no: o.orderNo, refund: o.price, total: o.price });
    // Processing: the order and the membership are unchanged until WeChat Pay says it is done.
    expect((await pay.orderRow(srv, o.orderNo)).orderStatus).toBe(1);
    expect(Math.round(await daysLeft(srv, o.u.id))).toBe(30);

    const forged = fake.refundNotify(refundNo, { forge: true });
    expect((await api.post(NOTIFY, forged.body, forged.headers)).status).toBe(401);
    expect((await pay.orderRow(srv, o.orderNo)).orderStatus).toBe(1);

    const notify = fake.refundNotify(refundNo);
    expect((await api.post(NOTIFY, notify.body, notify.headers)).status).toBe(204);
    const row = await pay.orderRow(srv, o.orderNo);
    expect([row.orderStatus, row.refundedAmount]).toEqual([10, o.price]);
    expect(Math.abs(await daysLeft(srv, o.u.id))).toBeLessThan(60_000 / DAY);
    const history = await pay.orderHistory(srv, o.orderNo);
    expect(history).toEqual([2, 5, 1, 1, 10]);

    // The same notify again, and a fresh one for the same refund: acknowledged, nothing changes.
    expect((await api.post(NOTIFY, notify.body, notify.headers)).status).toBe(204);
    const again = fake.refundNotify(refundNo);
    expect((await api.post(NOTIFY, again.body, again.headers)).status).toBe(204);
    expect(await pay.orderHistory(srv, o.orderNo)).toEqual(history);
    expect(Math.abs(await daysLeft(srv, o.u.id))).toBeLessThan(60_000 / DAY);
    expect((await mailsTo(srv, o.email)).filter((m) => m.subject?.includes('退款'))).toHaveLength(1);
    expect(await auditOf(srv, o.orderNo)).toHaveLength(1);
  });

  it('settles a refund the service made at once; a refusal releases the amount', async () => {
    const o = await wxPaid();
    fake.state.refundStatus = 'SUCCESS';
    try {
      const part = await refund(srv, admin, o.orderNo, { amount: 100 });
      expect(part.body.data.status).toBe('success');
      expect((await pay.orderRow(srv, o.orderNo)).orderStatus).toBe(11);
      // More than WeChat Pay still holds for the order: refused, recorded, nothing held back.
      const made = fake.refunds.get(part.body.data.refundNo);
      if (made) fake.refunds.set('RFOTHER', { ...made, refund: o.price - 150 });
      const refused = await refund(srv, admin, o.orderNo, { amount: o.price - 100 });
      expect(refused.body.data).toMatchObject({ status: 'failed', detail: expect.stringContaining('INVALID_REQUEST') });
      const rest = await refund(srv, admin, o.orderNo, { amount: 50 });
      expect(rest.body.data.status).toBe('success');
      expect((await pay.orderRow(srv, o.orderNo)).refundedAmount).toBe(150);
    } finally {
      fake.state.refundStatus = 'PROCESSING';
    }
  });

  it('"query provider" applies a payment whose notify was lost, and settles a refund whose notify was lost by asking for it', async () => {
    const o = await paidOrder(srv, 'VIP_MONTH', { pay: (no) => fake.pay(no) });
    expect((await pay.orderRow(srv, o.orderNo)).orderStatus).toBe(5);
    const q = await srv.call('POST', `/api/admin/orders/${o.orderNo}/query`, undefined, { cookie: admin.cookie });
    expect(q.body.data).toMatchObject({ paid: true, payment: 'paid', orderStatus: 1 });
    expect((await pay.orderRow(srv, o.orderNo)).providerTradeNo).toBe(fake.orders.get(o.orderNo)?.transactionId);
    expect(Math.round(await daysLeft(srv, o.u.id))).toBe(30);

    const res = await refund(srv, admin, o.orderNo, { amount: o.price });
    const refundNo = res.body.data.refundNo as string;
    fake.refundNotify(refundNo); // WeChat Pay finished it; its notify is lost.
    const again = await srv.call('POST', `/api/admin/orders/${o.orderNo}/query`, undefined, { cookie: admin.cookie });
    // WeChat Pay's order is REFUND (转入退款) now: paid, and given back. 查询单笔退款 says the refund is
    // done, so it is settled without asking for it again.
    expect(again.body.data).toMatchObject({
      paid: true,
      payment: 'refunded',
      refundsSettled: 1,
      refundsSent: 0,
      orderStatus: 10,
    });
    expect(fake.state.verified).toContain(`GET /v3/refund/domestic/refunds/${refundNo}`);
    expect(fake.refunds.get(refundNo)?.requests).toBe(1);
    expect(Math.abs(await daysLeft(srv, o.u.id))).toBeLessThan(60_000 / DAY);
    // Asked again: the refund is found settled, nothing changes.
    const third = await srv.call('POST', `/api/admin/orders/${o.orderNo}/query`, undefined, { cookie: admin.cookie });
    expect(third.body.data).toMatchObject({ refundsSettled: 0, refundsSent: 0, orderStatus: 10 });
    expect(await pay.orderHistory(srv, o.orderNo)).toEqual([2, 5, 1, 1, 10]);
    expect((await auditOf(srv, o.orderNo)).map((a) => a.action)).toEqual([
      'order.query',
      'order.refund',
      'order.query',
      'order.query',
    ]);
  });
});

describe('Alipay refunds', () => {
  let srv: TestServer;
  let fake: FakeAlipay;
  let admin: Staff;
  beforeAll(async () => {
    fake = await startFakeAlipay();
    srv = await startTestServer(alipayEnv(fake));
    admin = await makeStaff(srv, 'ali-admin@example.com', 'admin');
  }, 60_000);
  afterAll(async () => {
    await srv?.dispose();
    await fake?.close();
  });

  it('refunds in parts, each under its own out_request_no, answered at once', async () => {
    const o = await paidOrder(srv, 'VIP_MONTH', { pay: (no) => fake.pay(no) });
    await srv.call('POST', `/api/admin/orders/${o.orderNo}/query`, undefined, { cookie: admin.cookie });
    expect((await pay.orderRow(srv, o.orderNo)).orderStatus).toBe(1);
    const first = await refund(srv, admin, o.orderNo, { amount: 1000 });
    expect(first.body.data.status).toBe('success');
    expect(fake.state.verified).toContain('alipay.trade.refund');
    expect(fake.refunds.get(`${o.orderNo}/${first.body.data.refundNo}`)).toMatchObject({ amount: '10.00' });
    expect((await pay.orderRow(srv, o.orderNo)).orderStatus).toBe(11);
    // fund_change N: the refund query confirms it was made.
    fake.state.fundChangeN = true;
    const rest = await refund(srv, admin, o.orderNo, { amount: o.price - 1000 });
    expect(rest.body.data.status).toBe('success');
    expect(fake.state.verified).toContain('alipay.trade.fastpay.refund.query');
    const row = await pay.orderRow(srv, o.orderNo);
    expect([row.orderStatus, row.refundedAmount]).toEqual([10, o.price]);
    expect(fake.trades.get(o.orderNo)?.status).toBe('TRADE_CLOSED');
    // Alipay closes a trade refunded in whole; "query provider" reads that as the refund, not as unpaid.
    const q = await srv.call('POST', `/api/admin/orders/${o.orderNo}/query`, undefined, { cookie: admin.cookie });
    expect(q.body.data).toMatchObject({ paid: true, payment: 'refunded', orderStatus: 10 });
    expect(Math.abs(await daysLeft(srv, o.u.id))).toBeLessThan(60_000 / DAY);
  });

  it('records a refusal as failed and holds nothing back', async () => {
    const o = await paidOrder(srv, 'VIP_MONTH', { pay: (no) => fake.pay(no) });
    await srv.call('POST', `/api/admin/orders/${o.orderNo}/query`, undefined, { cookie: admin.cookie });
    const trade = fake.trades.get(o.orderNo);
    if (trade) trade.status = 'TRADE_CLOSED';
    const refused = await refund(srv, admin, o.orderNo, { amount: o.price });
    expect(refused.body.data).toMatchObject({
      status: 'failed',
      detail: expect.stringContaining('ACQ.TRADE_STATUS_ERROR'),
    });
    const row = await pay.orderRow(srv, o.orderNo);
    expect([row.orderStatus, row.refundedAmount]).toEqual([1, 0]);
    if (trade) trade.status = 'TRADE_SUCCESS';
    expect((await refund(srv, admin, o.orderNo, { amount: o.price })).body.data.status).toBe('success');
  });
});
