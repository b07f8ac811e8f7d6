// The refund worker against a local WeChat Pay (docs/state-machines.md#refunds): a refund the
// service still reports processing is asked again under its number after a growing wait and
// settled once it is done; one the service reports closed is released. No notify, no console.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orderRefunds } from '../../../src/server/db/schema';
import { markPaid } from '../../../src/server/services/shop/mark-paid';
import { claimRefunds } from '../../../src/server/services/shop/refund-worker';
import { retryDelay } from '../../../src/server/services/shop/refunds';
import { startTestServer, type TestServer, until } from '../helpers';
import { alipayEnv, type FakeAlipay, startFakeAlipay } from '../shop/fake-alipay';
import { type FakeWechatPay, startFakeWechatPay } from '../shop/fake-wechatpay';
import * as pay from '../shop/pay-helpers';
import { wechatPayEnv } from '../shop/wechatpay-merchant';
import { makeStaff, type Staff } from './admin-helpers';
import { auditOf, mailsTo, paidOrder, refund } from './order-helpers';

// The first wait; the test reads the refund and its console detail within it (two local requests).
const RETRY_MS = 1000;
let srv: TestServer;
let fake: FakeWechatPay;
let admin: Staff;

beforeAll(async () => {
  fake = await startFakeWechatPay();
  srv = await startTestServer({ ...wechatPayEnv(fake), JOB_LEASE_MS: '3000', REFUND_RETRY_MS: String(RETRY_MS) });
  admin = await makeStaff(srv, 'resume-admin@example.com', 'admin');
}, 60_000);
afterAll(async () => {
  await srv?.dispose();
  await fake?.close();
});

async function wxPaid() {
  const o = await paidOrder(srv, 'VIP_MONTH', { pay: (no) => fake.pay(no) });
  const tradeNo = fake.orders.get(o.orderNo)?.transactionId;
  expect(await markPaid(srv.runtime, o.orderNo, { amount: o.price, source: 'test', tradeNo })).toBe('paid');
  return o;
}

const refundRow = async (refundNo: string) =>
  (await srv.runtime.database.db.select().from(orderRefunds).where(eq(orderRefunds.refundNo, refundNo)))[0];

describe('the refund worker', () => {
  it('waits REFUND_RETRY_MS after the first ask, twice as long after each further one, at most an hour', () => {
    const env = { REFUND_RETRY_MS: '1000' };
    expect([1, 2, 3, 4].map((n) => retryDelay(env, n))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(env, 40)).toBe(3_600_000);
  });

  it('asks a processing refund again under its number until WeChat Pay reports it done, then settles it once', async () => {
    const o = await wxPaid();
    fake.state.settleOnRequest = 3;
    try {
      const res = await refund(srv, admin, o.orderNo, { amount: o.price });
      expect(res.body.data).toMatchObject({ applied: true, status: 'processing' });
      const refundNo = res.body.data.refundNo as string;
      // The request gave its lease back and left the next try for later.
      const first = await refundRow(refundNo);
      expect(first).toMatchObject({ attempts: 1, claimToken: null, leaseUntil: null });
      expect(first?.nextTryAt?.getTime()).toBeGreaterThan(Date.now());
      // The console shows how often it was asked and when the next ask is due.
      const detail = await srv.call('GET', `/api/admin/orders/${o.orderNo}`, undefined, { cookie: admin.cookie });
      expect(detail.body.data.refunds).toEqual([
        expect.objectContaining({
          refundNo,
          status: 'processing',
          attempts: 1,
          nextTryAt: first?.nextTryAt?.toISOString(),
        }),
      ]);

      // Asked a second time, still processing: the next wait is longer than the first.
      const second = await until('a second ask', async () => {
        const r = await refundRow(refundNo);
        return r?.attempts === 2 && r.leaseUntil === null ? r : undefined;
      });
      expect(second.status).toBe('processing');
      expect((second.nextTryAt?.getTime() ?? 0) - (first?.nextTryAt?.getTime() ?? 0)).toBeGreaterThanOrEqual(
        2 * RETRY_MS,
      );

      const done = await until('the refund to settle', async () => {
        const r = await refundRow(refundNo);
        return r?.status === 'success' ? r : undefined;
      });
      expect(done).toMatchObject({ attempts: 3, nextTryAt: null, claimToken: null });
      expect(fake.refunds.get(refundNo)?.requests).toBe(3);
      expect([...fake.refunds.values()].filter((r) => r.out_trade_no === o.orderNo)).toHaveLength(1);
      const row = await pay.orderRow(srv, o.orderNo);
      expect([row.orderStatus, row.refundedAmount]).toEqual([10, o.price]);
      expect(await pay.orderHistory(srv, o.orderNo)).toEqual([2, 5, 1, 1, 10]);
      // A settled refund is no worker's any more.
      expect((await claimRefunds(srv.runtime, 10, [])).map((c) => c.refund.refundNo)).not.toContain(refundNo);
      expect((await auditOf(srv, o.orderNo)).map((a) => a.action)).toEqual(['order.refund']);
    } finally {
      fake.state.settleOnRequest = 0;
    }
  });

  it('a stopping worker lets an ask in flight finish: the refund settles and mails before the stop returns', async () => {
    const o = await wxPaid();
    const res = await refund(srv, admin, o.orderNo, { amount: o.price });
    const refundNo = res.body.data.refundNo as string;
    fake.state.settleOnRequest = 2;
    fake.state.refundReplyDelayMs = 1500;
    try {
      await until('the worker to ask again', async () =>
        fake.refunds.get(refundNo)?.requests === 2 ? true : undefined,
      );
      await srv.runtime.jobs.refunds.stop();
      expect((await refundRow(refundNo))?.status).toBe('success');
      expect((await mailsTo(srv, o.email)).filter((m) => m.subject?.includes('退款'))).toHaveLength(1);
    } finally {
      fake.state.settleOnRequest = 0;
      fake.state.refundReplyDelayMs = 0;
      srv.runtime.jobs.refunds.start();
    }
  });

  it('releases a refund WeChat Pay reports closed: the amount is no longer held', async () => {
    const o = await wxPaid();
    const res = await refund(srv, admin, o.orderNo, { amount: o.price });
    const refundNo = res.body.data.refundNo as string;
    const atWechat = fake.refunds.get(refundNo);
    if (!atWechat) throw new Error('no refund at the fake');
    atWechat.status = 'CLOSED';
    const failed = await until('the refund to fail', async () => {
      const r = await refundRow(refundNo);
      return r?.status === 'failed' ? r : undefined;
    });
    expect(failed).toMatchObject({ detail: 'CLOSED', nextTryAt: null, claimToken: null });
    const row = await pay.orderRow(srv, o.orderNo);
    expect([row.orderStatus, row.refundedAmount]).toEqual([1, 0]);
    const events = await srv.runtime.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id));
    expect(events.filter((e) => e.detail?.includes(`refund ${refundNo} failed`))).toHaveLength(1);
    // The whole price can be refunded again.
    fake.state.refundStatus = 'SUCCESS';
    try {
      const again = await refund(srv, admin, o.orderNo, { amount: o.price });
      expect(again.body.data.status).toBe('success');
    } finally {
      fake.state.refundStatus = 'PROCESSING';
    }
  });
});

describe('the refund worker on Alipay', () => {
  let ali: TestServer;
  let gateway: FakeAlipay;
  let aliAdmin: Staff;
  beforeAll(async () => {
    gateway = await startFakeAlipay();
    ali = await startTestServer({ ...alipayEnv(gateway), JOB_LEASE_MS: '3000', REFUND_RETRY_MS: String(RETRY_MS) });
    aliAdmin = await makeStaff(ali, 'resume-ali-admin@example.com', 'admin');
  }, 60_000);
  afterAll(async () => {
    await ali?.dispose();
    await gateway?.close();
  });

  it('asks again under the same out_request_no after ACQ.SYSTEM_ERROR; Alipay makes the refund once', async () => {
    const o = await paidOrder(ali, 'VIP_MONTH', { pay: (no) => gateway.pay(no) });
    expect(await markPaid(ali.runtime, o.orderNo, { amount: o.price, source: 'test' })).toBe('paid');
    gateway.state.refundSystemErrors = 1;
    const res = await refund(ali, aliAdmin, o.orderNo, { amount: o.price });
    expect(res.body.data).toMatchObject({ status: 'processing', detail: expect.stringContaining('ACQ.SYSTEM_ERROR') });
    const refundNo = res.body.data.refundNo as string;
    await until('the refund to settle', async () => {
      const [r] = await ali.runtime.database.db.select().from(orderRefunds).where(eq(orderRefunds.refundNo, refundNo));
      return r?.status === 'success' ? r : undefined;
    });
    expect([...gateway.refunds.entries()]).toEqual([
      [`${o.orderNo}/${refundNo}`, expect.objectContaining({ amount: (o.price / 100).toFixed(2), requests: 1 })],
    ]);
    const row = await pay.orderRow(ali, o.orderNo);
    expect([row.orderStatus, row.refundedAmount]).toEqual([10, o.price]);
  });
});
