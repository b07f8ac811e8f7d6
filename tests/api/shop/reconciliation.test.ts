import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit } from '../../../src/server/db/schema';
import { requestId } from '../admin/admin-helpers';
import { type BillDiff, expectBillDiffs, wechatBill } from './fake-bills';
import * as pay from './pay-helpers';
import { admin, fake, op, placeOrder, records, send, srv, withWechatPaySuite } from './wechatpay-suite';

// The daily reconciliation against WeChat Pay's trade bill (docs/payments.md#payments-never-lost,
// docs/console.md#payments): the differences listed, a bad bill failed, a refund on the bill recorded,
// a difference resolved by an admin. Against the fake WeChat Pay and its bills.
withWechatPaySuite();

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
    // Paid here today and missing from the bill.
    const notThere = await placeOrder();
    fake.pay(notThere.orderNo);
    await send(fake.notify(notThere.orderNo));
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
    const diffs = res.body.data.diffs as BillDiff[];
    const about = expectBillDiffs(diffs, { good, missing, differs });
    expect(about('MBNOSUCHORDER0001')).toEqual([expect.objectContaining({ kind: 'unpaidHere', billAmount: 990 })]);
    // Orders paid here today that the bill lacks.
    expect(diffs.some((d) => d.kind === 'unpaidThere')).toBe(true);
    expect(about(notThere.orderNo)).toEqual([expect.objectContaining({ kind: 'unpaidThere' })]);
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
