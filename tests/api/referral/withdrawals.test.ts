import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReferralLedger } from '../../../src/server/services/referral/ledger';
import { AdminCode } from '../../../src/shared/admin';
import { makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { auditOf, freshCode } from '../admin/order-helpers';
import { startTestServer, type TestServer } from '../helpers';
import * as pay from '../shop/pay-helpers';
import { balanceOf, invitee, payOrder, REFERRAL_ENV, releaseAfter, user } from './referral-helpers';

// Withdrawals (docs/referral.md#withdrawals): asked from the available balance, paid or rejected in the console.
let srv: TestServer;
let admin: Staff;
let op: Staff;

beforeAll(async () => {
  srv = await startTestServer(REFERRAL_ENV);
  admin = await makeStaff(srv, 'withdraw-admin@example.com', 'admin');
  op = await makeStaff(srv, 'withdraw-op@example.com', 'operator');
  await pay.setPrice(srv, 'VIP_MONTH', 10_000);
}, 60_000);
afterAll(() => srv?.dispose());

const payee = { method: 'alipay', account: 'payee@example.com', realName: '李四' };
const ask = (headers: Record<string, string>, amount: number, extra: object = {}) =>
  srv.call('POST', '/api/referral/withdrawals', { amount, ...payee, ...extra }, headers);

/** A user with `invites` released commissions of 10 yuan each. */
async function earner(invites = 1, who?: { id: number; headers: Record<string, string> }) {
  const u = who ?? (await user(srv, 'earner'));
  for (let i = 0; i < invites; i++) await payOrder(srv, (await invitee(srv, u)).headers);
  await releaseAfter(srv, 8);
  return u;
}
const payIt = async (staff: Staff, id: number, code?: string) =>
  srv.call(
    'POST',
    `/api/admin/referral/withdrawals/${id}/pay`,
    { reason: 'paid by Alipay', requestId: requestId(), code: code ?? (await freshCode(srv, staff.id)) },
    { cookie: staff.cookie },
  );

describe('withdrawals', () => {
  it('refuses bad requests with a clear message and changes nothing', async () => {
    const u = await earner();
    const below = await ask(u.headers, 99);
    expect(below.body).toMatchObject({ code: 400, result: '最低提现金额为 ¥1.00。' });
    const over = await ask(u.headers, 1001);
    expect(over.body).toMatchObject({ code: 400, result: '最多可提现 ¥10.00。' });
    const name = await ask(u.headers, 500, { realName: '<b>' });
    expect(name.status).toBe(400);
    expect(name.body.data.fields).toHaveProperty('realName');
    expect((await ask(u.headers, 500, { method: 'cash' })).status).toBe(400);
    expect((await ask(u.headers, 500, { account: 'x'.repeat(65) })).status).toBe(400);
    expect(await balanceOf(srv, u.id)).toEqual({ held: 0, available: 1000, withdrawing: 0, debt: 0 });
  });

  it('is paid with a fresh code by an admin, audited; never without the code, by an operator, or one’s own', async () => {
    const u = await earner();
    const asked = await ask(u.headers, 600);
    expect(asked.body.data).toMatchObject({ amount: 600, status: 'pending' });
    const id = asked.body.data.id as number;
    expect(await balanceOf(srv, u.id)).toEqual({ held: 0, available: 400, withdrawing: 600, debt: 0 });
    const queue = await srv.call('GET', '/api/admin/referral/withdrawals?status=pending', undefined, {
      cookie: op.cookie,
    });
    expect(queue.body.data.records.map((w: { id: number }) => w.id)).toContain(id);

    const noCode = await srv.call(
      'POST',
      `/api/admin/referral/withdrawals/${id}/pay`,
      { reason: 'paid by Alipay', requestId: requestId() },
      { cookie: admin.cookie },
    );
    expect(noCode.status).toBe(400);
    expect(noCode.body.data.fields).toHaveProperty('code');
    const wrong = await payIt(admin, id, '000000');
    expect(wrong.body.code).toBe(AdminCode.TOTP_AGAIN);
    expect((await payIt(op, id)).status).toBe(403);

    // The admin's own withdrawal: refused by the hierarchy before any code is spent.
    const own = await earner(1, admin);
    const mine = await ask(own.headers, 500);
    const refused = await payIt(admin, mine.body.data.id);
    expect(refused.body.code).toBe(AdminCode.OUT_OF_REACH);

    const paid = await payIt(admin, id);
    expect(paid.body.data, JSON.stringify(paid.body)).toEqual({ applied: true });
    expect(await balanceOf(srv, u.id)).toEqual({ held: 0, available: 400, withdrawing: 0, debt: 0 });
    expect((await payIt(admin, id)).body.code).toBe(400);
    const audit = await auditOf(srv, String(u.id));
    expect(audit.map((a) => a.action)).toContain('referral.withdrawal.pay');
    const list = await srv.call('GET', '/api/referral/withdrawals', undefined, u.headers);
    expect(list.body.data.records[0]).toMatchObject({ id, status: 'paid', reason: null });
    expect(await checkReferralLedger(srv.runtime.database.db)).toEqual([]);
  });

  it('is rejected with a reason the user sees; the amount returns to available', async () => {
    const u = await earner();
    const asked = await ask(u.headers, 700);
    const id = asked.body.data.id as number;
    const body = { reason: '收款账号与实名不符', requestId: requestId() };
    expect(
      (await srv.call('POST', `/api/admin/referral/withdrawals/${id}/reject`, body, { cookie: op.cookie })).status,
    ).toBe(403);
    const res = await srv.call('POST', `/api/admin/referral/withdrawals/${id}/reject`, body, { cookie: admin.cookie });
    expect(res.body.data).toEqual({ applied: true });
    // The same form again acts once.
    const again = await srv.call('POST', `/api/admin/referral/withdrawals/${id}/reject`, body, {
      cookie: admin.cookie,
    });
    expect(again.body.data).toEqual({ applied: false });
    expect(await balanceOf(srv, u.id)).toEqual({ held: 0, available: 1000, withdrawing: 0, debt: 0 });
    const list = await srv.call('GET', '/api/referral/withdrawals', undefined, u.headers);
    expect(list.body.data.records[0]).toMatchObject({ id, status: 'rejected', reason: '收款账号与实名不符' });
  });

  it('never spends one fen twice under 20 parallel requests; the ledger balances', async () => {
    const u = await earner();
    const results = await Promise.all(Array.from({ length: 20 }, () => ask(u.headers, 100)));
    const ok = results.filter((r) => r.body.code === 200);
    expect(ok).toHaveLength(10);
    expect(results.filter((r) => r.body.code === 400)).toHaveLength(10);
    expect(await balanceOf(srv, u.id)).toEqual({ held: 0, available: 0, withdrawing: 1000, debt: 0 });
    expect(await checkReferralLedger(srv.runtime.database.db)).toEqual([]);
  });
});
