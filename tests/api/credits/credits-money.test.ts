import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, creditMovements, products } from '../../../src/server/db/schema';
import { takeHold } from '../../../src/server/services/credits/holds';
import { markPaid } from '../../../src/server/services/shop/mark-paid';
import { AdminCode } from '../../../src/shared/admin';
import { makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { freshCode, paidOrder, refund } from '../admin/order-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { balanceOf, expectBooksBalanced } from './credits-helpers';

// Credits as money (docs/credits.md): packs granted once, taken back on refund, spent under races
// without going negative, adjusted in the console with a fresh TOTP code.
let srv: TestServer;
let admin: Staff;
let op: Staff;
const db = () => srv.runtime.database.db;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await makeStaff(srv, 'credits-admin@example.com', 'admin');
  op = await makeStaff(srv, 'credits-op@example.com', 'operator');
  await db().update(products).set({ credits: 400 }).where(eq(products.productCode, 'VIP_QUARTER'));
}, 60_000);
afterAll(() => srv?.dispose());

const adjust = async (who: Staff, userId: number, body: Record<string, unknown>) =>
  srv.call(
    'POST',
    `/api/admin/users/${userId}/credits`,
    { reason: 'goodwill', requestId: requestId(), code: await freshCode(srv, who.id), ...body },
    { cookie: who.cookie },
  );

describe('credit packs', () => {
  it('grants the pack once however often the payment is told, and takes it back in proportion on refund', async () => {
    const buyer = await paidOrder(srv, 'VIP_QUARTER');
    expect(await markPaid(srv.runtime, buyer.orderNo, { amount: buyer.price, source: 'again' })).toBe('already');
    expect(await balanceOf(srv, buyer.u.headers)).toMatchObject({ balance: 400 });
    const half = Math.floor(buyer.price / 2);
    expect((await refund(srv, admin, buyer.orderNo, { amount: half })).body.data.status).toBe('success');
    const back = 400 - Math.floor((400 * half) / buyer.price);
    expect(await balanceOf(srv, buyer.u.headers)).toMatchObject({ balance: back });
    expect((await refund(srv, admin, buyer.orderNo, { amount: buyer.price - half })).body.data.status).toBe('success');
    expect(await balanceOf(srv, buyer.u.headers)).toMatchObject({ balance: 0 });
    const history = await srv.call('GET', '/api/credits/history', undefined, buyer.u.headers);
    expect(history.body.data.records.map((m: { reason: string }) => m.reason)).toEqual([
      'refund',
      'refund',
      'purchase',
    ]);
    await expectBooksBalanced(db());
  });

  it('takes back on refund only what was not spent: never below zero', async () => {
    const buyer = await paidOrder(srv, 'VIP_QUARTER');
    const hold = await takeHold(srv.runtime, buyer.u.id, 'search', 300);
    await hold?.settle(300);
    expect((await refund(srv, admin, buyer.orderNo, { amount: buyer.price })).body.data.status).toBe('success');
    expect(await balanceOf(srv, buyer.u.headers)).toMatchObject({ balance: 0, held: 0 });
    await expectBooksBalanced(db());
  });
});

describe('refunding a credit pack in the console', () => {
  it('says before the refund how many credits come back and how many are spent; the user page shows balance and held', async () => {
    const buyer = await paidOrder(srv, 'VIP_QUARTER');
    const spent = await takeHold(srv.runtime, buyer.u.id, 'search', 300);
    await spent?.settle(300);
    const running = await takeHold(srv.runtime, buyer.u.id, 'chat', 20);
    const page = await srv.call('GET', `/api/admin/users/${buyer.u.id}`, undefined, { cookie: op.cookie });
    expect(page.body.data.credits).toEqual({ balance: 100, held: 20 });
    const preview = (amount: number, orderNo = buyer.orderNo) =>
      srv.call('GET', `/api/admin/credits/orders/${orderNo}/refund?amount=${amount}`, undefined, {
        cookie: admin.cookie,
      });
    // The whole refund covers all 400 credits: 80 are free (100 less 20 held), 320 are spent.
    expect((await preview(buyer.price)).body.data).toEqual({ credits: 400, back: 80, spent: 320 });
    const half = Math.floor(buyer.price / 2);
    expect((await preview(half)).body.data).toEqual({ credits: 200, back: 80, spent: 120 });
    // What the preview said is what the refund takes.
    await running?.release();
    expect((await preview(buyer.price)).body.data).toEqual({ credits: 400, back: 100, spent: 300 });
    expect((await refund(srv, admin, buyer.orderNo, { amount: buyer.price })).body.data.status).toBe('success');
    expect(await balanceOf(srv, buyer.u.headers)).toMatchObject({ balance: 0, held: 0 });
    expect((await preview(1)).status).toBe(200);
    const bad = await preview(0);
    expect([bad.status, typeof bad.body.result]).toEqual([400, 'string']);
    expect((await preview(1, 'MBNOSUCHORDER')).status).toBe(404);
    await expectBooksBalanced(db());
  });
});

describe('spending', () => {
  it('lets 50 parallel spends take exactly what the balance covers, never more', async () => {
    const u = await createUserWithToken(srv, 'spend-race@example.com');
    expect((await adjust(admin, u.id, { amount: 100 })).body.data).toEqual({ applied: true });
    const tries = await Promise.allSettled(
      Array.from({ length: 50 }, async () => {
        const hold = await takeHold(srv.runtime, u.id, 'search', 3);
        return hold?.settle(3);
      }),
    );
    const ok = tries.filter((t) => t.status === 'fulfilled');
    expect(ok).toHaveLength(33);
    const refused = tries.find((t) => t.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.messageKey).toBe('credits:error.notEnough');
    expect(await balanceOf(srv, u.headers)).toMatchObject({ balance: 1, held: 0 });
    const spent = await db().select().from(creditMovements).where(eq(creditMovements.userId, u.id));
    expect(spent.filter((m) => m.reason === 'spend')).toHaveLength(33);
    await expectBooksBalanced(db());
  });

  it('settles a hold once, to at most what it held; a released hold charges nothing', async () => {
    const u = await createUserWithToken(srv, 'spend-once@example.com');
    await adjust(admin, u.id, { amount: 50 });
    const hold = await takeHold(srv.runtime, u.id, 'chat', 20);
    expect(await balanceOf(srv, u.headers)).toMatchObject({ balance: 50, held: 20 });
    expect(await hold?.settle(35)).toBe(20);
    expect(await hold?.settle(5)).toBe(0);
    await hold?.release();
    const other = await takeHold(srv.runtime, u.id, 'chat', 10);
    await other?.release();
    expect(await other?.settle(10)).toBe(0);
    expect(await balanceOf(srv, u.headers)).toMatchObject({ balance: 30, held: 0 });
    await expectBooksBalanced(db());
  });
});

describe('console adjustments', () => {
  it('adds and takes credits with a reason and a fresh code, audited, once per request id', async () => {
    const u = await createUserWithToken(srv, 'adjusted@example.com');
    const id = requestId();
    expect((await adjust(admin, u.id, { amount: 30, requestId: id })).body.data).toEqual({ applied: true });
    expect((await adjust(admin, u.id, { amount: 30, requestId: id })).body.data).toEqual({ applied: false });
    expect((await adjust(admin, u.id, { amount: -10 })).body.data).toEqual({ applied: true });
    expect(await balanceOf(srv, u.headers)).toMatchObject({ balance: 20 });
    const tooMuch = await adjust(admin, u.id, { amount: -21 });
    expect([tooMuch.status, tooMuch.body.result]).toEqual([429, '积分不足：需要 21 积分，当前可用 20 积分']);
    const rows = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'credits.adjust'), eq(adminAudit.targetId, String(u.id))));
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [{ credits: 0 }, { credits: 30 }],
      [{ credits: 30 }, { credits: 20 }],
    ]);
    await expectBooksBalanced(db());
  });

  it('refuses a wrong code, zero, an operator, and the admin’s own account, changing nothing', async () => {
    const u = await createUserWithToken(srv, 'adjust-refused@example.com');
    const wrong = await adjust(admin, u.id, { amount: 5, code: '000000' });
    expect([wrong.status, wrong.body.code]).toEqual([403, AdminCode.TOTP_AGAIN]);
    const zero = await adjust(admin, u.id, { amount: 0 });
    expect([zero.status, zero.body.data.fields.amount]).toEqual([400, '数量不能为 0']);
    expect((await adjust(op, u.id, { amount: 5 })).status).toBe(403);
    const own = await adjust(admin, admin.id, { amount: 5 });
    expect([own.status, own.body.code]).toEqual([403, AdminCode.OUT_OF_REACH]);
    expect(await balanceOf(srv, u.headers)).toMatchObject({ balance: 0 });
    await expectBooksBalanced(db());
  });
});

describe('console prices and figures', () => {
  it('saves the prices (admin), shows them back, and counts issued and spent credits', async () => {
    const prices = {
      chat: [{ model: 'gpt-x', input: 2, output: 6 }],
      drawing: [{ engine: 'sandbox', quality: '2', price: 30 }],
      song: 50,
      video: 40,
      embedding: 1,
      search: 3,
      checkIn: [1, 2, 3, 4, 5, 6, 7],
    };
    const saved = await srv.call(
      'POST',
      '/api/admin/credits/prices',
      { ...prices, requestId: requestId() },
      { cookie: admin.cookie },
    );
    expect(saved.body.data).toEqual({ applied: true });
    expect(
      (
        await srv.call(
          'POST',
          '/api/admin/credits/prices',
          { ...prices, requestId: requestId() },
          { cookie: op.cookie },
        )
      ).status,
    ).toBe(403);
    const sheet = await srv.call('GET', '/api/admin/credits/prices', undefined, { cookie: op.cookie });
    expect(sheet.body.data.prices).toEqual(prices);
    const bad = await srv.call(
      'POST',
      '/api/admin/credits/prices',
      { ...prices, song: -1, requestId: requestId() },
      { cookie: admin.cookie },
    );
    expect(bad.status).toBe(400);
    const summary = await srv.call('GET', '/api/admin/credits/summary?days=1', undefined, { cookie: op.cookie });
    expect(summary.body.data.issued).toEqual(expect.arrayContaining([expect.objectContaining({ reason: 'adjust' })]));
    expect(summary.body.data.spent).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'search' })]));
    expect(summary.body.data.checkInsToday).toBe(0);
  });
});
