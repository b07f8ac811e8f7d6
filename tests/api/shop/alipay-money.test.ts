import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRefunds, paymentRecords } from '../../../src/server/db/schema';
import { EXTERNAL_REASON } from '../../../src/server/services/shop/external-refunds';
import { sweepExpiredOrders } from '../../../src/server/services/shop/order-lifecycle';
import { pollPayments } from '../../../src/server/services/shop/payment-poll';
import { makeStaff, type Staff } from '../admin/admin-helpers';
import { DAY } from '../admin/order-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { alipayEnv, type FakeAlipay, startFakeAlipay } from './fake-alipay';
import { alipayBill, type BillDiff, expectBillDiffs } from './fake-bills';
import * as pay from './pay-helpers';

// Alipay's side of payments never lost (docs/payments.md#payments-never-lost): refunds made on its
// merchant site read by the order query, its trade bill through the real reconcile path, a failing close.
let srv: TestServer;
let fake: FakeAlipay;
let admin: Staff;
let n = 0;
beforeAll(async () => {
  fake = await startFakeAlipay();
  srv = await startTestServer(alipayEnv(fake));
  // The tests run the poller, the sweeper and the reconciliation themselves.
  await srv.runtime.jobs.payments.stop();
  await srv.runtime.jobs.orders.stop();
  await srv.runtime.jobs.reconcile.stop();
  admin = await makeStaff(srv, 'ali-money-admin@example.com', 'admin');
}, 60_000);
afterAll(async () => {
  await srv?.dispose();
  await fake?.close();
});

async function placeOrder() {
  const u = await createUserWithToken(srv, `ali-money${++n}-${Date.now()}@example.com`);
  const res = await pay.createOrder(srv, u.headers, 'VIP_MONTH');
  expect(res.body.code).toBe(1000000);
  return { u, orderNo: res.body.data.orderNo as string, price: res.body.data.orderPrice as number };
}
const later = (ms: number) => new Date(Date.now() + ms);
const records = async (orderNo: string) =>
  (await srv.runtime.database.db.select().from(paymentRecords).where(eq(paymentRecords.orderNo, orderNo))).map((r) => [
    r.source,
    r.outcome,
    r.amount,
  ]);
const query = (orderNo: string) =>
  srv.call('POST', `/api/admin/orders/${orderNo}/query`, undefined, { cookie: admin.cookie });
const reconcile = (date: string) =>
  srv.call('POST', '/api/admin/payments/reconciliations', { date }, { cookie: admin.cookie });
const endOf = async (userId: number) => (await pay.userRow(srv, userId)).endDate?.getTime() ?? 0;

describe('refunds made on Alipay’s merchant site, read by the order query', () => {
  it('the poller credits a payment whose notify was lost, then settles the refund made since, once for query and bill', async () => {
    const { u, orderNo, price } = await placeOrder();
    fake.pay(orderNo);
    const half = (price / 200).toFixed(2);
    fake.refundAtSite(orderNo, half);
    await pollPayments(srv.runtime, later(11_000));
    expect(await pay.orderRow(srv, orderNo)).toMatchObject({ orderStatus: 11, refundedAmount: price / 2 });
    const [row] = await srv.runtime.database.db.select().from(orderRefunds).where(eq(orderRefunds.refundNo, orderNo));
    expect(row).toMatchObject({ status: 'success', amount: price / 2, reason: EXTERNAL_REASON, detail: '-15 days' });
    expect(fake.state.verified).toContain('alipay.trade.fastpay.refund.query');
    expect(await records(orderNo)).toEqual([
      ['query', 'paid', price],
      ['query', 'external success', price / 2],
    ]);
    expect(Math.round(((await endOf(u.id)) - Date.now()) / DAY)).toBe(15);
    const end = await endOf(u.id);

    // "Query provider" reads the same refund: already settled, nothing taken back again.
    const q = await query(orderNo);
    expect(q.body.data).toMatchObject({ paid: true, payment: 'already', refundsSettled: 0, orderStatus: 11 });
    // The day's bill lists it under the same number: recorded once, no difference.
    const date = '2026-02-01';
    fake.bills.set(date, alipayBill(date, [{ orderNo, amount: price / 2, refundNo: orderNo }]));
    const run = await reconcile(date);
    expect(run.body.data).toMatchObject({ provider: 'alipay', status: 'done', lines: 1 });
    expect(await pay.orderRow(srv, orderNo)).toMatchObject({ orderStatus: 11, refundedAmount: price / 2 });
    expect(await endOf(u.id)).toBe(end);
    const refunds = await srv.runtime.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, row?.orderId ?? 0));
    expect(refunds).toHaveLength(1);
  });

  it('a whole refund at the site closes the trade; the console’s query settles it and takes the days back', async () => {
    const { u, orderNo, price } = await placeOrder();
    fake.pay(orderNo);
    expect((await query(orderNo)).body.data).toMatchObject({ payment: 'paid', refundsSettled: 0, orderStatus: 1 });
    fake.refundAtSite(orderNo, (price / 100).toFixed(2));
    expect(fake.trades.get(orderNo)?.status).toBe('TRADE_CLOSED');
    const q = await query(orderNo);
    expect(q.body.data).toMatchObject({ payment: 'refunded', refundsSettled: 1, orderStatus: 10 });
    expect(await pay.orderRow(srv, orderNo)).toMatchObject({ orderStatus: 10, refundedAmount: price });
    expect(Math.abs((await endOf(u.id)) - Date.now())).toBeLessThan(60_000);
    expect((await query(orderNo)).body.data).toMatchObject({ refundsSettled: 0, orderStatus: 10 });
  });
});

describe('the Alipay trade bill', () => {
  it('reads the zip of GBK CSV from the download link: paid there not here opens a missed payment, an amount differs', async () => {
    const good = await placeOrder();
    fake.pay(good.orderNo);
    await query(good.orderNo);
    const missing = await placeOrder();
    const differs = await placeOrder();
    fake.pay(differs.orderNo);
    await query(differs.orderNo);
    const date = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    fake.bills.set(
      date,
      alipayBill(date, [
        { orderNo: good.orderNo, amount: good.price },
        { orderNo: missing.orderNo, amount: missing.price },
        { orderNo: differs.orderNo, amount: differs.price + 100 },
      ]),
    );
    const res = await reconcile(date);
    expect(res.body.data).toMatchObject({ provider: 'alipay', billDate: date, status: 'done', lines: 3 });
    expect(fake.state.verified).toContain('alipay.data.dataservice.bill.downloadurl.query');
    expectBillDiffs(res.body.data.diffs as BillDiff[], { good, missing, differs });
    expect(await records(missing.orderNo)).toEqual([['bill', 'unpaidHere', missing.price]]);
    const open = await srv.call('GET', '/api/admin/payments/missed', undefined, { cookie: admin.cookie });
    expect(open.body.data.some((m: { orderNo: string }) => m.orderNo === missing.orderNo)).toBe(true);
  });

  it('fails a day Alipay has no bill for, and tries it again', async () => {
    const date = '2026-02-02';
    expect((await reconcile(date)).body.data).toMatchObject({ status: 'failed' });
    fake.bills.set(date, alipayBill(date, []));
    expect((await reconcile(date)).body.data).toMatchObject({ status: 'done', lines: 0 });
  });
});

describe('closing at Alipay', () => {
  it('a failing alipay.trade.close leaves the order unpaid; the next sweep closes it and only then marks it 7', async () => {
    const { orderNo } = await placeOrder();
    fake.scan(orderNo);
    await pay.expireOrder(srv, orderNo);
    fake.state.failClose = true;
    try {
      await sweepExpiredOrders(srv.runtime);
    } finally {
      fake.state.failClose = false;
    }
    expect((await pay.orderRow(srv, orderNo)).orderStatus).toBe(5);
    expect(fake.state.closed).not.toContain(orderNo);
    expect(fake.trades.get(orderNo)?.status).toBe('WAIT_BUYER_PAY');
    await sweepExpiredOrders(srv.runtime, later(61_000));
    expect(fake.state.closed).toContain(orderNo);
    expect(fake.trades.get(orderNo)?.status).toBe('TRADE_CLOSED');
    expect((await pay.orderRow(srv, orderNo)).orderStatus).toBe(7);
  });
});
