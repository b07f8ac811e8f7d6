import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../../src/server/db/schema';
import { refundOrder } from '../../../src/server/services/shop/console-orders';
import { AdminCode } from '../../../src/shared/admin';
import { startTestServer, type TestServer } from '../helpers';
import * as pay from '../shop/pay-helpers';
import { makeStaff, makeUser, requestId, type Staff } from './admin-helpers';
import { auditOf, DAY, daysLeft, freshCode, mailsTo, paidOrder, refund } from './order-helpers';

// Orders and refunds in the console on the sandbox (docs/console.md#orders, docs/payments.md#refunds).
let srv: TestServer;
let op: Staff;
let admin: Staff;

beforeAll(async () => {
  srv = await startTestServer();
  op = await makeStaff(srv, 'orders-op@example.com', 'operator');
  admin = await makeStaff(srv, 'orders-admin@example.com', 'admin');
}, 60_000);
afterAll(() => srv?.dispose());

/** Moves a user's membership end to `days` from now. */
const setEnd = (userId: number, days: number) =>
  srv.runtime.database.db
    .update(users)
    .set({ endDate: new Date(Date.now() + days * DAY) })
    .where(eq(users.id, userId));
const get = (path: string, who: Staff = op) => srv.call('GET', path, undefined, { cookie: who.cookie });

describe('orders list and detail', () => {
  it('filters by status, user, product, provider and dates; pages; exports CSV', async () => {
    const a = await paidOrder(srv, 'VIP_MONTH');
    const b = await paidOrder(srv, 'VIP_QUARTER');
    const mine = await get(`/api/admin/orders?user=${encodeURIComponent(a.email)}`);
    expect(mine.body.data.records.map((r: { orderNo: string }) => r.orderNo)).toEqual([a.orderNo]);
    expect(mine.body.data.records[0]).toMatchObject({ email: a.email, orderStatus: 1, payProvider: 'sandbox' });
    const byId = await get(`/api/admin/orders?user=${b.u.id}&product=VIP_QUARTER&status=1&provider=sandbox`);
    expect(byId.body.data.records.map((r: { orderNo: string }) => r.orderNo)).toEqual([b.orderNo]);
    expect((await get(`/api/admin/orders?user=${b.u.id}&status=6`)).body.data.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const paged = await get(`/api/admin/orders?from=${today}&to=${today}&pageSize=1&pageNum=2`);
    expect(paged.body.data).toMatchObject({ current: 2, size: 1 });
    expect(paged.body.data.total).toBeGreaterThanOrEqual(2);
    expect((await get('/api/admin/orders?from=2000-01-01&to=2000-01-02')).body.data.total).toBe(0);
    expect((await get('/api/admin/orders?status=99')).status).toBe(400);

    const csv = await get(`/api/admin/orders.csv?user=${encodeURIComponent(a.email)}`);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^order_no,.*amount_yuan,refunded_yuan,net_yuan/);
    expect(lines[1]).toContain(`"${a.orderNo}"`);
    expect(lines[1]).toContain(`"${(a.price / 100).toFixed(2)}","0.00","${(a.price / 100).toFixed(2)}"`);
  });

  it("shows an order's whole history; an unknown order is 404", async () => {
    const a = await paidOrder(srv);
    const detail = await get(`/api/admin/orders/${a.orderNo}`);
    expect(detail.body.data).toMatchObject({ orderNo: a.orderNo, email: a.email, refunds: [] });
    expect(detail.body.data.history.map((h: { toStatus: number }) => h.toStatus)).toEqual([2, 5, 1]);
    expect(detail.body.data.history[0].at).toMatch(/^\d{4}-/);
    expect((await get('/api/admin/orders/MBNOSUCHORDER')).status).toBe(404);
  });

  it('"query provider" says a paid order is paid (the sandbox keeps no payments: the order\'s record), an unpaid one unpaid', async () => {
    const query = (orderNo: string) =>
      srv.call('POST', `/api/admin/orders/${orderNo}/query`, undefined, { cookie: op.cookie });
    const a = await paidOrder(srv, 'VIP_MONTH');
    const paid = await query(a.orderNo);
    expect(paid.body.data).toMatchObject({ paid: true, payment: 'recorded', orderStatus: 1, refundsSent: 0 });
    expect(await pay.orderHistory(srv, a.orderNo)).toEqual([2, 5, 1]);
    await refund(srv, admin, a.orderNo, { amount: 100 });
    expect((await query(a.orderNo)).body.data).toMatchObject({ paid: true, payment: 'recorded', orderStatus: 11 });

    const u = await makeUser(srv, `unpaid-${Date.now()}@example.com`);
    const created = await pay.createOrder(srv, u.headers, 'VIP_MONTH');
    const unpaid = await query(created.body.data.orderNo);
    expect(unpaid.body.data).toMatchObject({ paid: false, payment: 'unpaid', orderStatus: 5 });
  });
});

describe('refunds on the sandbox', () => {
  it('refunds a whole order: status 10, the days taken back, history, audit, mail, the user sees it', async () => {
    const a = await paidOrder(srv, 'VIP_MONTH');
    expect(Math.round(await daysLeft(srv, a.u.id))).toBe(30);
    const res = await refund(srv, admin, a.orderNo, { amount: a.price, reason: 'duplicate purchase' });
    expect(res.body.data).toMatchObject({ applied: true, status: 'success', amount: a.price });
    expect(res.body.data.refundNo).toMatch(/^RF\d{14}[A-Z2-9]{12}$/);
    const row = await pay.orderRow(srv, a.orderNo);
    expect([row.orderStatus, row.refundedAmount]).toEqual([10, a.price]);
    // The membership the order granted is gone: it ends now.
    expect(Math.abs(await daysLeft(srv, a.u.id))).toBeLessThan(60_000 / DAY);
    expect(await pay.orderHistory(srv, a.orderNo)).toEqual([2, 5, 1, 1, 10]);

    const audit = await auditOf(srv, a.orderNo);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'order.refund', reason: 'duplicate purchase', actorId: admin.id });
    expect(audit[0]?.before).toMatchObject({ orderStatus: 1, refundedAmount: 0 });
    expect(audit[0]?.after).toMatchObject({ orderStatus: 10, refundedAmount: a.price, refund: 'success' });

    const mails = await mailsTo(srv, a.email);
    expect(mails.map((m) => m.subject)).toContain('妙笔退款通知：月度会员');
    expect(mails.find((m) => m.subject?.includes('退款'))?.text).toContain('全额退款');

    const list = await srv.call('POST', '/api/order/list', { pageNum: 1, pageSize: 10 }, a.u.headers);
    expect(list.body.data.records[0]).toMatchObject({ orderNo: a.orderNo, orderStatus: 10, refundedAmount: a.price });
    // Nothing is left to refund; a payment notify for it again grants nothing.
    expect((await refund(srv, admin, a.orderNo, { amount: 1 })).status).toBe(400);
    expect(await pay.orderHistory(srv, a.orderNo)).toEqual([2, 5, 1, 1, 10]);
  });

  it('refunds in parts pro rata, never ending the membership before today, then in whole', async () => {
    const a = await paidOrder(srv, 'VIP_MONTH');
    const half = Math.floor(a.price / 2);
    expect((await refund(srv, admin, a.orderNo, { amount: half })).body.data.status).toBe('success');
    expect((await pay.orderRow(srv, a.orderNo)).orderStatus).toBe(11);
    const share = Math.floor((30 * half) / a.price);
    expect(Math.round(await daysLeft(srv, a.u.id))).toBe(30 - share);
    const tooMuch = await refund(srv, admin, a.orderNo, { amount: a.price - half + 1 });
    expect([tooMuch.status, tooMuch.body.result]).toEqual([
      400,
      expect.stringContaining(((a.price - half) / 100).toFixed(2)),
    ]);
    await refund(srv, admin, a.orderNo, { amount: a.price - half });
    const row = await pay.orderRow(srv, a.orderNo);
    expect([row.orderStatus, row.refundedAmount]).toEqual([10, a.price]);
    expect(Math.abs(await daysLeft(srv, a.u.id))).toBeLessThan(60_000 / DAY);

    // A partial refund of an order whose days are mostly used keeps the membership to the end of today.
    const b = await paidOrder(srv, 'VIP_MONTH');
    await setEnd(b.u.id, 2);
    await refund(srv, admin, b.orderNo, { amount: b.price - 1 });
    const left = await daysLeft(srv, b.u.id);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(1);
  });

  it('takes compositions back pro rata', async () => {
    const a = await paidOrder(srv, 'MUSIC_10');
    const before = (await pay.userRow(srv, a.u.id)).compositionsLeft;
    await refund(srv, admin, a.orderNo, { amount: Math.ceil(a.price / 2) });
    const taken = before - (await pay.userRow(srv, a.u.id)).compositionsLeft;
    expect(taken).toBe(Math.floor((10 * Math.ceil(a.price / 2)) / a.price));
  });

  it('refunds once under concurrent clicks of one form, and never beyond the price across forms', async () => {
    // Over HTTP: one code is good once, so concurrent clicks carrying it act once; the others are told it was
    // just used. Five clicks: every try is counted before its check, so a sixth at the same instant would be
    // past the five tries the limiter allows at once (its own admin keeps that counter apart).
    const clicker = await makeStaff(srv, 'orders-clicker@example.com', 'admin');
    const a = await paidOrder(srv, 'VIP_MONTH');
    const same = requestId();
    const code = await freshCode(srv, clicker.id);
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => refund(srv, clicker, a.orderNo, { amount: a.price, requestId: same, code })),
    );
    expect(clicks.filter((r) => r.body.data?.applied === true)).toHaveLength(1);
    expect(clicks.filter((r) => r.body.code === AdminCode.TOTP_AGAIN)).toHaveLength(4);

    // Past the code check: the same form's requests find the first refund; different forms never exceed the price.
    const actor = { userId: admin.id, email: 'orders-admin@example.com', ip: '127.0.0.1' };
    const b = await paidOrder(srv, 'VIP_MONTH');
    const c = await paidOrder(srv, 'VIP_MONTH');
    for (const o of [b, c]) await setEnd(o.u.id, 60);
    const form = requestId();
    const ask = (id: string) =>
      refundOrder(srv.runtime, actor, { orderNo: b.orderNo, amount: b.price, reason: 'x', requestId: id });
    const sameForm = await Promise.all(Array.from({ length: 6 }, () => ask(form)));
    expect(sameForm.filter((r) => r.applied)).toHaveLength(1);
    expect(new Set(sameForm.map((r) => r.refundNo)).size).toBe(1);
    const forms = await Promise.allSettled(
      Array.from({ length: 3 }, () =>
        refundOrder(srv.runtime, actor, { orderNo: c.orderNo, amount: c.price, reason: 'x', requestId: requestId() }),
      ),
    );
    expect(forms.filter((r) => r.status === 'fulfilled' && r.value.status === 'success')).toHaveLength(1);
    expect(forms.filter((r) => r.status === 'rejected')).toHaveLength(2);
    for (const o of [b, c]) {
      const row = await pay.orderRow(srv, o.orderNo);
      expect([row.orderStatus, row.refundedAmount]).toEqual([10, o.price]);
      expect((await auditOf(srv, o.orderNo)).filter((x) => x.action === 'order.refund')).toHaveLength(1);
      // The user had 30 more days from elsewhere: the order's 30 were taken back once.
      expect(Math.round(await daysLeft(srv, o.u.id))).toBe(30);
    }
  });

  it('lets only admins refund, with a fresh code; refuses unpaid orders', async () => {
    const a = await paidOrder(srv);
    const byOp = await refund(srv, op, a.orderNo, { amount: a.price, code: '123456' });
    expect(byOp.status).toBe(403);
    const noCode = await refund(srv, admin, a.orderNo, { amount: a.price, code: '000000' });
    expect([noCode.status, noCode.body.code]).toEqual([403, AdminCode.TOTP_AGAIN]);
    const missing = await srv.call(
      'POST',
      `/api/admin/orders/${a.orderNo}/refund`,
      { amount: a.price, reason: 'x', requestId: requestId() },
      { cookie: admin.cookie },
    );
    expect(missing.status).toBe(400);
    const noReason = await refund(srv, admin, a.orderNo, { amount: a.price, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect((await pay.orderRow(srv, a.orderNo)).orderStatus).toBe(1);
    expect(await auditOf(srv, a.orderNo)).toHaveLength(0);

    const u = await paidOrder(srv, 'VIP_MONTH', { pay: () => {} });
    const unpaid = await refund(srv, admin, u.orderNo, { amount: 1 });
    expect(unpaid.status).toBe(400);

    // Paid through a service the site no longer uses: it cannot give the money back.
    const old = await paidOrder(srv);
    await srv.runtime.database.db.update(orders).set({ payProvider: 'alipay' }).where(eq(orders.orderNo, old.orderNo));
    const other = await refund(srv, admin, old.orderNo, { amount: 1 });
    expect([other.status, other.body.result]).toEqual([400, expect.stringContaining('alipay')]);
  });
});
