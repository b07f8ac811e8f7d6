// kill -9 of a server process while a console refund waits for WeChat Pay's answer: the refund
// was made at WeChat Pay but the server never heard. After a restart, with nobody pressing
// anything, the refund worker asks again under the same out_refund_no (still processing: asked
// again after its backoff), settles it once, and the amount is no longer held.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { adminAudit, orderEvents, orderRefunds, orders, users } from '../../../src/server/db/schema';
import { markPaid } from '../../../src/server/services/shop/mark-paid';
import { createTestDatabase, startTestServerOn, until, withDatabase } from '../helpers';
import { type FakeWechatPay, startFakeWechatPay } from '../shop/fake-wechatpay';
import { wechatPayEnv } from '../shop/wechatpay-merchant';
import { spawnServerProcess } from '../socket-helpers';
import { makeStaff, requestId, type Staff } from './admin-helpers';
import { DAY, freshCode, mailsIn, paidOrder } from './order-helpers';

type Child = Awaited<ReturnType<typeof spawnServerProcess>>;

// The crashed request's lease (JOB_LEASE_MS) must run out before the worker takes the refund over.
const SETTLE_WITHIN_MS = 60_000;

describe('kill -9 during a refund', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let fake: FakeWechatPay;
  let vars: Record<string, string>;
  let child: Child | undefined;
  let admin: Staff;
  let code: string;
  let buyer: Awaited<ReturnType<typeof paidOrder>>;
  let endBefore: number;

  const withDb = <T>(fn: (db: Database['db']) => Promise<T>) => withDatabase(database, fn);

  beforeAll(async () => {
    database = await createTestDatabase();
    fake = await startFakeWechatPay();
    vars = {
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      JOB_LEASE_MS: '3000',
      REFUND_RETRY_MS: '1000',
      ...wechatPayEnv(fake),
    };
    // An admin with a console session and a paid order, made in this process; then handed to the child.
    const srv = await startTestServerOn(database, vars);
    try {
      admin = await makeStaff(srv, 'crash-admin@example.com', 'admin');
      buyer = await paidOrder(srv, 'VIP_MONTH', { pay: (no) => fake.pay(no) });
      const tradeNo = fake.orders.get(buyer.orderNo)?.transactionId;
      expect(await markPaid(srv.runtime, buyer.orderNo, { amount: buyer.price, source: 'test', tradeNo })).toBe('paid');
      const [u] = await srv.runtime.database.db.select().from(users).where(eq(users.id, buyer.u.id));
      endBefore = u?.endDate?.getTime() ?? 0;
      code = await freshCode(srv, admin.id);
    } finally {
      await srv.dispose();
    }
  }, 60_000);
  afterAll(async () => {
    await child?.stop();
    await fake?.close();
    await database?.drop();
  });

  it('settles by itself after a restart, once, and frees the held amount', async () => {
    child = await spawnServerProcess(vars);
    // WeChat Pay records the refund but its answer never arrives.
    fake.state.holdRefundReplies = true;
    const asked = fetch(`${child.url}/api/admin/orders/${buyer.orderNo}/refund`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: buyer.price, reason: 'customer asked', requestId: requestId(), code }),
    }).catch((err: Error) => err);
    const atService = () => [...fake.refunds.entries()].filter(([, r]) => r.out_trade_no === buyer.orderNo);
    await until('the refund to reach WeChat Pay', async () => (atService().length > 0 ? true : undefined), 20_000);
    child.proc.kill('SIGKILL');
    await new Promise((r) => child?.proc.once('exit', r));
    expect(await asked).toBeInstanceOf(Error);

    // Cut off between "processing" and the answer: the amount is held, the order and membership unchanged.
    const cut = await withDb(async (db) => {
      const [o] = await db.select().from(orders).where(eq(orders.orderNo, buyer.orderNo));
      const refunds = await db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, o?.id ?? 0));
      return { o, refunds };
    });
    expect(cut.refunds.map((r) => [r.status, r.amount])).toEqual([['processing', buyer.price]]);
    expect([cut.o?.orderStatus, cut.o?.refundedAmount]).toEqual([1, 0]);

    // WeChat Pay answers again; it reports the refund processing once more, then done.
    fake.state.holdRefundReplies = false;
    fake.state.settleOnRequest = 3;
    child = await spawnServerProcess(vars);
    const url = `${child.url}/api/order/detail?orderNo=${buyer.orderNo}`;
    const seen = await until(
      'the refund to settle after the restart',
      async () => {
        const res = await fetch(url, { headers: buyer.u.headers });
        const body = (await res.json()) as { data?: { orderStatus: number; refundedAmount: number } };
        if (body.data?.orderStatus !== 10) return undefined;
        // The user's mail follows the commit: stopping before it is written would lose it.
        const mails = await mailsIn(database.dataDir, buyer.email);
        return mails.some((m) => m.subject?.includes('退款')) ? body.data : undefined;
      },
      SETTLE_WITHIN_MS,
    );
    expect(seen.refundedAmount).toBe(buyer.price);
    await child.stop();

    const [[refundNo, atWechat]] = atService() as [[string, NonNullable<ReturnType<typeof fake.refunds.get>>]];
    // One refund at WeChat Pay, asked three times under its one number: never paid twice.
    expect(atService()).toHaveLength(1);
    expect(atWechat).toMatchObject({ refund: buyer.price, status: 'SUCCESS', requests: 3 });
    const after = await withDb(async (db) => {
      const [o] = await db.select().from(orders).where(eq(orders.orderNo, buyer.orderNo));
      const refunds = await db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, o?.id ?? 0));
      const events = await db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, o?.id ?? 0));
      const [u] = await db.select().from(users).where(eq(users.id, buyer.u.id));
      const queries = await db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.targetId, buyer.orderNo), eq(adminAudit.action, 'order.query')));
      return { o, refunds, events, u, queries };
    });
    expect([after.o?.orderStatus, after.o?.refundedAmount]).toEqual([10, buyer.price]);
    expect(after.refunds).toHaveLength(1);
    expect(after.refunds[0]).toMatchObject({ refundNo, status: 'success', leaseUntil: null, claimToken: null });
    expect(after.refunds[0]?.attempts).toBe(3);
    // Settled once: one history line to 10, the month taken back once, one mail; no console action.
    expect(after.events.filter((e) => e.toStatus === 10)).toHaveLength(1);
    expect(endBefore - Date.now()).toBeGreaterThan(29 * DAY);
    expect(Math.abs((after.u?.endDate?.getTime() ?? 0) - Date.now())).toBeLessThan(DAY);
    expect((await mailsIn(database.dataDir, buyer.email)).filter((m) => m.subject?.includes('退款'))).toHaveLength(1);
    expect(after.queries).toHaveLength(0);
  }, 120_000);
});
