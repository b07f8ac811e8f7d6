import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit, orderRefunds, paymentRecords } from '../../../src/server/db/schema';
import { EXTERNAL_REASON } from '../../../src/server/services/shop/external-refunds';
import { sweepExpiredOrders } from '../../../src/server/services/shop/order-lifecycle';
import { pollPayments } from '../../../src/server/services/shop/payment-poll';
import { AdminCode } from '../../../src/shared/admin';
import { requestId, type Staff } from '../admin/admin-helpers';
import { DAY, freshCode } from '../admin/order-helpers';
import * as pay from './pay-helpers';
import { admin, fake, op, placeOrder, records, send, srv, withWechatPaySuite } from './wechatpay-suite';

// Payments that can never be lost (docs/payments.md#payments-never-lost), against the fake WeChat Pay:
// the poller, the sweeper, notifies and missed payments, refunds made at WeChat Pay. The day's trade
// bill: reconciliation.test.ts.
withWechatPaySuite();

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
