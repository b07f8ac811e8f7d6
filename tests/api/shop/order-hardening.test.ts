// Orders under attack: parallel free-trial orders of one user (a deadlock on
// PostgreSQL once) give one order and no 500; the free trial is limited per
// address and per device; a payment after a cancel is honoured, recorded as
// late and told to the user; /api/ready fails when a table cannot be read or
// storage cannot be written.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../src/server/db/schema';
import { LATE_PAYMENT, markPaid } from '../../../src/server/services/shop/mark-paid';
import { sweepExpiredOrders } from '../../../src/server/services/shop/order-lifecycle';
import { FREE_PER_DEVICE_DAILY, FREE_PER_IP_DAILY } from '../../../src/server/services/shop/order-rules';
import { quickUsers } from '../activity/activity-fixtures';
import { startTestServer, type TestServer } from '../helpers';
import { isConnected, openSocket } from '../socket-helpers';
import { createOrder, expireOrder, orderEventRows, productByCode, userRow } from './pay-helpers';

let srv: TestServer;
let n = 0;
beforeAll(async () => {
  // TRUST_PROXY: each test speaks from its own address through X-Forwarded-For.
  srv = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(() => srv?.dispose());

const newUsers = (count: number) => quickUsers(srv, `harden${++n}-`, count);
const order = (code: string, headers: Record<string, string>) => createOrder(srv, headers, code);
const paidEvents = async (orderNo: string) => (await orderEventRows(srv, orderNo)).filter((e) => e.toStatus === 1);
const userOrders = (userId: number) => srv.runtime.database.db.select().from(orders).where(eq(orders.userId, userId));

describe('free trial', () => {
  it('40 parallel orders of one user: no 500, one order, membership once', async () => {
    const [u] = await newUsers(1);
    if (!u) throw new Error('no user');
    const headers = { ...u.headers, 'x-forwarded-for': '10.1.0.1' };
    const replies = await Promise.all(Array.from({ length: 40 }, () => order('TRIAL_DAY', headers)));
    expect(replies.filter((r) => r.status >= 500)).toEqual([]);
    expect(replies.filter((r) => r.body.code === 1000000)).toHaveLength(1);
    // The rest: over the purchase limit, or the per-minute order limit.
    for (const r of replies.filter((x) => x.body.code !== 1000000))
      expect([100000305, 429]).toContain(r.body.code === 429 ? 429 : r.body.code);
    const rows = await userOrders(u.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.orderStatus).toBe(9);
    const row = await userRow(srv, u.id);
    // One day granted, not forty.
    expect(row.endDate?.getTime() ?? 0).toBeLessThan(Date.now() + 1.5 * 86_400_000);
  });

  it('is limited per client address, whatever the account', async () => {
    const many = await newUsers(FREE_PER_IP_DAILY + 1);
    const from = (i: number) => ({ ...many[i]?.headers, 'x-forwarded-for': '10.2.0.1' });
    for (let i = 0; i < FREE_PER_IP_DAILY; i++) expect((await order('TRIAL_DAY', from(i))).body.code).toBe(1000000);
    const refused = await order('TRIAL_DAY', from(FREE_PER_IP_DAILY));
    expect(refused.status).toBe(200);
    expect(refused.body.code).toBe(100000305);
    expect(refused.body.result).toContain('免费体验');
    expect(await userOrders(many[FREE_PER_IP_DAILY]?.id ?? 0)).toEqual([]);
    // The same account from another address is fine: the refusal counted nothing against it.
    const elsewhere = { ...many[FREE_PER_IP_DAILY]?.headers, 'x-forwarded-for': '10.2.0.2' };
    expect((await order('TRIAL_DAY', elsewhere)).body.code).toBe(1000000);
  });

  it('is limited per device, whatever the account and address', async () => {
    const many = await newUsers(FREE_PER_DEVICE_DAILY + 2);
    const device = 'dev-'.padEnd(32, 'a');
    const from = (i: number, id = device) => ({
      ...many[i]?.headers,
      'x-forwarded-for': `10.3.0.${i + 1}`,
      'x-device-id': id,
    });
    for (let i = 0; i < FREE_PER_DEVICE_DAILY; i++) expect((await order('TRIAL_DAY', from(i))).body.code).toBe(1000000);
    const refused = await order('TRIAL_DAY', from(FREE_PER_DEVICE_DAILY));
    expect(refused.body.code).toBe(100000305);
    // Another device (and a malformed id, which counts as none) is not refused for this one's grants.
    expect((await order('TRIAL_DAY', from(FREE_PER_DEVICE_DAILY, 'dev-'.padEnd(32, 'b')))).body.code).toBe(1000000);
    expect((await order('TRIAL_DAY', from(FREE_PER_DEVICE_DAILY + 1, `${device}!`))).body.code).toBe(1000000);
  });
});

describe('late payment', () => {
  it('after the user cancelled: paid, membership granted, history says late, the user is told once', async () => {
    const [u] = await newUsers(1);
    if (!u) throw new Error('no user');
    const p = await productByCode(srv, 'VIP_MONTH');
    const created = await order('VIP_MONTH', u.headers);
    const { orderNo } = created.body.data;
    const socket = await openSocket(srv.url, { taskId: orderNo, token: u.token });
    await socket.next(isConnected);
    expect((await srv.call('POST', '/api/order/cancel', { orderNo }, u.headers)).body.data.orderStatus).toBe(6);

    expect(await markPaid(srv.runtime, orderNo, { amount: p.productDisPrice, source: 'sandbox', tradeNo: 'T1' })).toBe(
      'paid',
    );
    const pushed = await socket.next((m) => (m as { data?: { orderStatus?: number } }).data?.orderStatus === 1);
    expect(pushed).toMatchObject({ data: { late: true } });
    socket.ws.close();
    const [row] = await userOrders(u.id);
    expect(row?.orderStatus).toBe(1);
    expect((await userRow(srv, u.id)).vipType).toBe(1);
    expect((await orderEventRows(srv, orderNo)).at(-1)).toMatchObject({
      fromStatus: 6,
      toStatus: 1,
      detail: `${LATE_PAYMENT} T1`,
    });

    const mine = await srv.call('POST', '/api/notice/mine', undefined, { ...u.headers, cookie: 'lang=en-US' });
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0].content).toContain(orderNo);
    expect(mine.body.data[0].content).toContain('after the order was cancelled');
    // Paid once: a repeated notify changes nothing and tells nobody again.
    expect(await markPaid(srv.runtime, orderNo, { amount: p.productDisPrice, source: 'sandbox' })).toBe('already');
    // Another user can neither see nor mark it read; a visitor is asked to log in.
    const [other] = await newUsers(1);
    expect((await srv.call('POST', '/api/notice/mine', undefined, other?.headers)).body.data).toEqual([]);
    await srv.call('POST', `/api/notice/mine/read?id=${mine.body.data[0].id}`, undefined, other?.headers);
    expect((await srv.call('POST', '/api/notice/mine', undefined, u.headers)).body.data).toHaveLength(1);
    expect((await srv.call('POST', '/api/notice/mine')).body.code).toBe(1000001);
    await srv.call('POST', `/api/notice/mine/read?id=${mine.body.data[0].id}`, undefined, u.headers);
    expect((await srv.call('POST', '/api/notice/mine', undefined, u.headers)).body.data).toEqual([]);
  });

  it('after the auto-cancel (status 7): paid and marked late too', async () => {
    const [u] = await newUsers(1);
    if (!u) throw new Error('no user');
    const p = await productByCode(srv, 'VIP_QUARTER');
    const { orderNo } = (await order('VIP_QUARTER', u.headers)).body.data;
    await expireOrder(srv, orderNo);
    expect(await sweepExpiredOrders(srv.runtime)).toBeGreaterThanOrEqual(1);
    expect((await userOrders(u.id))[0]?.orderStatus).toBe(7);
    expect(await markPaid(srv.runtime, orderNo, { amount: p.productDisPrice, source: 'wechatpay' })).toBe('paid');
    expect((await userOrders(u.id))[0]?.orderStatus).toBe(1);
    const [paidEvent] = await paidEvents(orderNo);
    expect(paidEvent).toMatchObject({ fromStatus: 7, detail: LATE_PAYMENT });
    const mine = await srv.call('POST', '/api/notice/mine', undefined, u.headers);
    expect(mine.body.data.map((x: { content: string }) => x.content)).toEqual([expect.stringContaining('取消后')]);
  });

  it('an on-time payment leaves no notice and no late mark', async () => {
    const [u] = await newUsers(1);
    if (!u) throw new Error('no user');
    const p = await productByCode(srv, 'MUSIC_10');
    const { orderNo } = (await order('MUSIC_10', u.headers)).body.data;
    expect(await markPaid(srv.runtime, orderNo, { amount: p.productDisPrice, source: 'sandbox' })).toBe('paid');
    const late = await paidEvents(orderNo);
    expect(late[0]?.detail ?? null).toBeNull();
    expect((await srv.call('POST', '/api/notice/mine', undefined, u.headers)).body.data).toEqual([]);
  });
});

describe('/api/ready', () => {
  const ready = async () => {
    const res = await fetch(`${srv.url}/api/ready`);
    // biome-ignore lint/suspicious/noExplicitAny: checked field by field
    return { status: res.status, body: (await res.json()) as any };
  };

  it('200 when the database answers and storage is writable; 503 naming the failed check otherwise', async () => {
    expect(await ready()).toMatchObject({ status: 200, body: { code: 200, data: { ready: true } } });

    const db = srv.runtime.database;
    const { sql } = await import('drizzle-orm');
    await db.db.execute(sql`alter table users rename to users_away`);
    try {
      const down = await ready();
      expect(down.status).toBe(503);
      expect(down.body.data.checks).toMatchObject({ storage: 'ok', providers: 'ok' });
      expect(down.body.data.checks.database).toMatch(/^failed/);
      expect(down.body.result.length).toBeGreaterThan(0);
      // Liveness does not depend on the database.
      expect((await fetch(`${srv.url}/api/health`)).status).toBe(200);
    } finally {
      await db.db.execute(sql`alter table users_away rename to users`);
    }

    // Storage: a file where the probe's folder must go.
    const probeDir = path.join(srv.runtime.env.DATA_DIR, 'files', 'ready');
    rmSync(probeDir, { recursive: true, force: true });
    writeFileSync(probeDir, 'not a folder');
    try {
      const down = await ready();
      expect(down.status).toBe(503);
      expect(down.body.data.checks.database).toBe('ok');
      expect(down.body.data.checks.storage).toMatch(/^failed/);
    } finally {
      renameSync(probeDir, `${probeDir}.x`);
    }
    expect((await ready()).status).toBe(200);
  });
});
