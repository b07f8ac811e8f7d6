import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, orderRefunds, paymentRecords } from '../../../src/server/db/schema';
import { EXTERNAL_REASON } from '../../../src/server/services/shop/external-refunds';
import { sweepExpiredOrders } from '../../../src/server/services/shop/order-lifecycle';
import { pollPayments } from '../../../src/server/services/shop/payment-poll';
import { AdminCode } from '../../../src/shared/admin';
import { makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { DAY, freshCode } from '../admin/order-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { wechatBill } from './fake-bills';
import { type FakeWechatPay, startFakeWechatPay } from './fake-wechatpay';
import * as pay from './pay-helpers';
import { wechatPayEnv } from './wechatpay-merchant';

// Payments that can never be lost (docs/payments.md#payments-never-lost), against the fake WeChat Pay.
let srv: TestServer;
let fake: FakeWechatPay;
let api: pay.NotifyApi;
let op: Staff;
let admin: Staff;
let n = 0;
beforeAll(async () => {
  fake = await startFakeWechatPay();
  srv = await startTestServer(wechatPayEnv(fake));
  // The tests run the poller and the sweeper themselves, at the times they choose.
  await srv.runtime.jobs.payments.stop();
  await srv.runtime.jobs.orders.stop();
  api = await pay.startNotifyApi(srv);
  op = await makeStaff(srv, 'pay-op@example.com', 'operator');
  admin = await makeStaff(srv, 'pay-admin@example.com', 'admin');
}, 60_000);
afterAll(async () => {
  await api?.close();
  await srv?.dispose();
  await fake?.close();
});

const NOTIFY = '/api/pay/wechat/notify';
const send = (m: { headers: Record<string, string>; body: string }) => api.post(NOTIFY, m.body, m.headers);

async function placeOrder(headers?: Record<string, string>) {
  const u = headers ? null : await createUserWithToken(srv, `lost${++n}-${Date.now()}@example.com`);
  const res = await pay.createOrder(srv, headers ?? u?.headers ?? {}, 'VIP_MONTH');
  expect(res.body.code).toBe(1000000);
  return { u, orderNo: res.body.data.orderNo as string, price: res.body.data.orderPrice as number };
}
const records = (orderNo: string) =>
  srv.runtime.database.db.select().from(paymentRecords).where(eq(paymentRecords.orderNo, orderNo));
const status = async (orderNo: string) => (await pay.orderRow(srv, orderNo)).orderStatus;
const later = (ms: number) => new Date(Date.now() + ms);

describe('the payment poller', () => {
  it('credits an order whose notify never arrives, from about 10 s after its QR was issued, then backs off', async () => {
    const { u, orderNo } = await placeOrder();
    fake.pay(orderNo);
    await pollPayments(srv.runtime, later(1_000));
    expect(await status(orderNo)).toBe(5);
    await pollPayments(srv.runtime, later(11_000));
    expect(await status(orderNo)).toBe(1);
    const paid = (await pay.orderEventRows(srv, orderNo)).at(-1);
    expect(paid).toMatchObject({ toStatus: 1, source: 'wechatpay:query' });
    expect(paid?.detail).not.toContain('late payment');
    expect(await pay.userRow(srv, u?.id ?? 0)).toMatchObject({ vipType: expect.any(Number) });
    const rec = await records(orderNo);
    expect(rec.map((r) => [r.source, r.outcome, r.amount])).toEqual([['query', 'paid', expect.any(Number)]]);
    expect(rec[0]?.raw).toContain('"trade_state":"SUCCESS"');
  });

  it('asks an unpaid order again only after its backoff, recording each answer', async () => {
    const { orderNo } = await placeOrder();
    await pollPayments(srv.runtime, later(11_000));
    await pollPayments(srv.runtime, later(12_000));
    expect((await records(orderNo)).map((r) => r.outcome)).toEqual(['unpaid']);
    await pollPayments(srv.runtime, later(32_000));
    expect((await records(orderNo)).map((r) => r.outcome)).toEqual(['unpaid', 'unpaid']);
  });

  it('asks each due order once however many pollers run at the same moment', async () => {
    const { orderNo } = await placeOrder();
    fake.pay(orderNo);
    const at = later(11_000);
    await Promise.all([pollPayments(srv.runtime, at), pollPayments(srv.runtime, at), pollPayments(srv.runtime, at)]);
    const asked = fake.state.verified.filter((v) => v === `GET /v3/pay/transactions/out-trade-no/${orderNo}`);
    expect(asked).toHaveLength(1);
    expect(await status(orderNo)).toBe(1);
    expect((await records(orderNo)).map((r) => r.outcome)).toEqual(['paid']);
  });
});

describe('the sweeper', () => {
  it('closes an expired order at WeChat Pay before marking it 7; a failed close leaves it for the next sweep', async () => {
    const { orderNo } = await placeOrder();
    await pay.expireOrder(srv, orderNo);
    fake.state.failClose = true;
    try {
      await sweepExpiredOrders(srv.runtime);
    } finally {
      fake.state.failClose = false;
    }
    expect(await status(orderNo)).toBe(5);
    expect(fake.state.closed).not.toContain(orderNo);
    // Held by the sweep that took it: the next sweep a minute on tries again.
    await sweepExpiredOrders(srv.runtime, later(61_000));
    expect(fake.state.closed).toContain(orderNo);
    expect(fake.orders.get(orderNo)?.state).toBe('CLOSED');
    expect(await status(orderNo)).toBe(7);
    expect((await records(orderNo)).map((r) => [r.source, r.outcome])).toEqual([
      ['query', 'unpaid'],
      ['query', 'unpaid'],
    ]);
  });
});

describe('notifies and missed payments', () => {
  it('records every notify with its verdict, verified or not', async () => {
    const { orderNo } = await placeOrder();
    fake.pay(orderNo);
    const forged = fake.notify(orderNo, { forge: true });
    expect((await send(forged)).status).toBe(401);
    const [refused] = await srv.runtime.database.db
      .select()
      .from(paymentRecords)
      .where(and(eq(paymentRecords.source, 'notify'), eq(paymentRecords.raw, forged.body)));
    expect(refused).toMatchObject({ outcome: 'refused: signature', orderNo: '', review: null });
    expect((await send(fake.notify(orderNo))).status).toBe(204);
    expect((await records(orderNo)).map((r) => [r.source, r.outcome, r.review])).toEqual([['notify', 'paid', null]]);
  });

  it('lists a payment markPaid refused; an admin credits it once with a fresh code, never their own', async () => {
    const { u, orderNo, price } = await placeOrder();
    fake.pay(orderNo);
    expect((await send(fake.notify(orderNo, { total: price - 1 }))).status).toBe(400);
    expect(await status(orderNo)).toBe(5);
    const list = await srv.call('GET', '/api/admin/payments/missed', undefined, { cookie: op.cookie });
    const missed = list.body.data.find((m: { orderNo: string }) => m.orderNo === orderNo);
    expect(missed).toMatchObject({ outcome: 'mismatch', amount: price - 1, orderStatus: 5, review: 'open' });
    expect(missed.records.map((r: { source: string }) => r.source)).toEqual(['notify']);

    const credit = async (who: Staff, id: number, code?: string) =>
      srv.call(
        'POST',
        `/api/admin/payments/missed/${id}/credit`,
        { reason: 'paid, amount reviewed', requestId: requestId(), code: code ?? (await freshCode(srv, who.id)) },
        { cookie: who.cookie },
      );
    expect((await credit(op, missed.id)).status).toBe(403);
    expect((await credit(admin, missed.id, '000000')).body.code).not.toBe(200);
    expect(await status(orderNo)).toBe(5);

    const before = (await pay.userRow(srv, u?.id ?? 0)).endDate?.getTime() ?? Date.now();
    const done = await credit(admin, missed.id);
    expect(done.body.data).toEqual({ applied: true, orderStatus: 1 });
    const after = (await pay.userRow(srv, u?.id ?? 0)).endDate?.getTime() ?? 0;
    expect(Math.round((after - Math.max(before, Date.now())) / DAY)).toBe(30);
    expect((await credit(admin, missed.id)).body.data).toEqual({ applied: false, orderStatus: 1 });
    expect((await pay.userRow(srv, u?.id ?? 0)).endDate?.getTime()).toBe(after);
    const audit = await srv.runtime.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, orderNo));
    expect(audit.map((a) => a.action)).toEqual(['payment.credit']);
    const open = await srv.call('GET', '/api/admin/payments/missed', undefined, { cookie: op.cookie });
    expect(open.body.data.some((m: { orderNo: string }) => m.orderNo === orderNo)).toBe(false);

    // The admin's own order: refused before a code is spent, and nothing credited.
    const own = await placeOrder(admin.headers);
    fake.pay(own.orderNo);
    await send(fake.notify(own.orderNo, { total: 1 }));
    const [mine] = await records(own.orderNo);
    const refused = await credit(admin, mine?.id ?? 0);
    expect(refused.body.code).toBe(AdminCode.OUT_OF_REACH);
    expect(await status(own.orderNo)).toBe(5);

    const dismissed = await srv.call(
      'POST',
      `/api/admin/payments/missed/${mine?.id}/dismiss`,
      { reason: 'test payment', requestId: requestId() },
      { cookie: admin.cookie },
    );
    expect(dismissed.body.data).toEqual({ applied: true, orderStatus: 5 });
    expect((await records(own.orderNo))[0]).toMatchObject({ review: 'dismissed', reviewReason: 'test payment' });
  });
});

describe('refunds made at WeChat Pay', () => {
  it('records a refund notify of a refund not ours on its order, takes back its share once', async () => {
    const { u, orderNo, price } = await placeOrder();
    fake.pay(orderNo);
    expect((await send(fake.notify(orderNo))).status).toBe(204);
    const paidEnd = (await pay.userRow(srv, u?.id ?? 0)).endDate?.getTime() ?? 0;
    fake.refunds.set('MERCHANT-PLATFORM-1', {
      out_trade_no: orderNo,
      refund: price / 2,
      total: price,
      status: 'SUCCESS',
      refund_id: '50300000001',
      requests: 0,
    });
    const notify = fake.refundNotify('MERCHANT-PLATFORM-1');
    expect((await send(notify)).status).toBe(204);
    expect(await pay.orderRow(srv, orderNo)).toMatchObject({ orderStatus: 11, refundedAmount: price / 2 });
    const [row] = await srv.runtime.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.refundNo, 'MERCHANT-PLATFORM-1'));
    expect(row).toMatchObject({ status: 'success', amount: price / 2, reason: EXTERNAL_REASON, detail: '-15 days' });
    const end = (await pay.userRow(srv, u?.id ?? 0)).endDate?.getTime() ?? 0;
    expect(Math.round((paidEnd - end) / DAY)).toBe(15);
    // WeChat Pay sends it again: nothing more is taken back.
    expect((await send(fake.refundNotify('MERCHANT-PLATFORM-1'))).status).toBe(204);
    expect((await pay.userRow(srv, u?.id ?? 0)).endDate?.getTime()).toBe(end);
    expect((await pay.orderRow(srv, orderNo)).refundedAmount).toBe(price / 2);
  });
});

describe('the daily trade bill', () => {
  const beijingToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const run = (date: string) =>
    srv.call('POST', '/api/admin/payments/reconciliations', { date }, { cookie: admin.cookie });

  it('lists what differs: paid there not here, paid here not there, an amount; a bill paid there opens a missed payment', async () => {
    const date = beijingToday();
    const good = await placeOrder();
    fake.pay(good.orderNo);
    await send(fake.notify(good.orderNo));
    const missing = await placeOrder();
    const differs = await placeOrder();
    fake.pay(differs.orderNo);
    await send(fake.notify(differs.orderNo));
    fake.bills.set(date, {
      file: wechatBill(
        [
          { orderNo: good.orderNo, amount: good.price },
          { orderNo: missing.orderNo, amount: missing.price },
          { orderNo: differs.orderNo, amount: differs.price + 100 },
          { orderNo: 'MBNOSUCHORDER0001', amount: 990 },
        ],
        { gzip: true },
      ),
    });
    const res = await run(date);
    expect(res.body.data).toMatchObject({ provider: 'wechatpay', billDate: date, status: 'done', lines: 4 });
    const diffs = res.body.data.diffs as { orderNo: string; kind: string }[];
    const about = (no: string) => diffs.filter((d) => d.orderNo === no);
    expect(about(good.orderNo)).toEqual([]);
    expect(about(missing.orderNo)).toEqual([
      expect.objectContaining({ kind: 'unpaidHere', billAmount: missing.price }),
    ]);
    expect(about(differs.orderNo)).toEqual([
      expect.objectContaining({ kind: 'amount', billAmount: differs.price + 100, ourAmount: differs.price }),
    ]);
    expect(about('MBNOSUCHORDER0001')).toEqual([expect.objectContaining({ kind: 'unpaidHere', billAmount: 990 })]);
    // Orders paid here today that the bill lacks (the earlier tests' own).
    expect(diffs.some((d) => d.kind === 'unpaidThere')).toBe(true);
    const [bill] = await records(missing.orderNo);
    expect(bill).toMatchObject({ source: 'bill', outcome: 'unpaidHere', review: 'open', amount: missing.price });

    // Run again: the same differences, not twice; no second missed payment.
    const again = await run(date);
    expect(again.body.data.diffs).toHaveLength(diffs.length);
    expect((await records(missing.orderNo)).length).toBe(1);
    const list = await srv.call('GET', '/api/admin/payments/reconciliations', undefined, { cookie: op.cookie });
    expect(list.body.data[0]).toMatchObject({ billDate: date, differences: diffs.length });
  });

  it('fails a day whose bill does not match its hash, and records a refund on the bill not made here', async () => {
    const date = '2026-01-02';
    fake.bills.set(date, { file: wechatBill([{ orderNo: 'MBX', amount: 1 }]), hash: 'f'.repeat(40) });
    expect((await run(date)).body.data).toMatchObject({ status: 'failed', detail: 'bill hash does not match' });

    const { orderNo, price } = await placeOrder();
    fake.pay(orderNo);
    await send(fake.notify(orderNo));
    const day = '2026-01-03';
    fake.bills.set(day, { file: wechatBill([{ orderNo, amount: price, refundNo: 'MERCHANT-BILL-1' }]) });
    expect((await run(day)).body.data.status).toBe('done');
    expect(await pay.orderRow(srv, orderNo)).toMatchObject({ orderStatus: 10, refundedAmount: price });
  });

  it('an admin resolves a difference with a reason: still listed, kept by a run again while its figures hold, audited once', async () => {
    const date = '2026-01-04';
    const { orderNo, price } = await placeOrder();
    fake.pay(orderNo);
    await send(fake.notify(orderNo));
    fake.bills.set(date, { file: wechatBill([{ orderNo, amount: price + 1 }]) });
    const [diff] = (await run(date)).body.data.diffs;
    expect(diff).toMatchObject({ orderNo, kind: 'amount', resolvedAt: null, resolution: null });
    const path = `/api/admin/payments/reconciliations/diffs/${diff.id}/resolve`;
    const form = { reason: 'the provider charged a fee, agreed by phone', requestId: requestId() };
    expect((await srv.call('POST', path, form, { cookie: op.cookie })).status).toBe(403);
    expect((await srv.call('POST', path, form, { cookie: admin.cookie })).body.data).toEqual({ applied: true });
    // A second form finds it resolved: nothing changes, nothing more is audited.
    const second = { reason: 'again', requestId: requestId() };
    expect((await srv.call('POST', path, second, { cookie: admin.cookie })).body.data).toEqual({ applied: false });
    const resolved = { orderNo, resolution: form.reason, resolvedAt: expect.any(String) };
    expect((await run(date)).body.data.diffs).toEqual([expect.objectContaining(resolved)]);
    const audit = await srv.runtime.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'payment.resolve'), eq(adminAudit.targetId, orderNo)));
    expect(audit.map((a) => a.reason)).toEqual([form.reason]);
    // Other figures on the bill are another question: open again.
    fake.bills.set(date, { file: wechatBill([{ orderNo, amount: price + 2 }]) });
    expect((await run(date)).body.data.diffs).toEqual([expect.objectContaining({ orderNo, resolvedAt: null })]);
    const none = '/api/admin/payments/reconciliations/diffs/2147483647/resolve';
    expect((await srv.call('POST', none, second, { cookie: admin.cookie })).status).toBe(404);
  });
});
