import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUsage } from '../../../src/server/db/queries/usage';
import {
  couponClaims,
  drawings,
  experienceCodes,
  orderRefunds,
  orders,
  products,
  songs,
  userActivity,
  users,
} from '../../../src/server/db/schema';
import { startTestServer, type TestServer } from '../helpers';
import { makeStaff, makeUser, type Staff } from './admin-helpers';

// Site days in Asia/Shanghai (UTC+8, the default SITE_TIME_ZONE): 2026-03-10 runs from 03-09T16:00Z to 03-10T16:00Z.
let srv: TestServer;
let op: Staff;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  srv = await startTestServer();
  op = await makeStaff(srv, 'dash-op@example.com', 'operator');
}, 60_000);
afterAll(() => srv?.dispose());

const dash = (q: string) => srv.call('GET', `/api/admin/dashboard?${q}`, undefined, { cookie: op.cookie });

async function seed() {
  const db = srv.runtime.database.db;
  const made = async (email: string, createdAt: string) => {
    const [row] = await db
      .insert(users)
      .values({ email, createdAt: at(createdAt) })
      .returning();
    if (!row) throw new Error('no user');
    return row.id;
  };
  const a = await made('a@example.com', '2026-03-09T15:59:59Z'); // site day 03-09
  const b = await made('b@example.com', '2026-03-09T16:00:00Z'); // 03-10, its first instant
  const c = await made('c@example.com', '2026-03-10T15:59:59Z'); // 03-10, its last second
  const d = await made('d@example.com', '2026-03-10T16:00:00Z'); // 03-11
  const [product] = await db.select().from(products).limit(1);
  if (!product) throw new Error('no product');
  let n = 0;
  const order = (userId: number, createdAt: string, paidAt: string | null, price: number, status: number) =>
    db.insert(orders).values({
      orderNo: `T${++n}`,
      userId,
      productId: product.id,
      productCode: product.productCode,
      productType: product.productType,
      productBenefit: 30,
      orderDesc: 'test',
      orderPrice: price,
      orderStatus: status,
      payProvider: 'sandbox',
      payLimitTime: 15,
      createdAt: at(createdAt),
      expiresAt: at(createdAt),
      paidAt: paidAt ? at(paidAt) : null,
    });
  await order(a, '2026-03-10T01:00:00Z', '2026-03-10T02:00:00Z', 1990, 1); // made and paid on 03-10
  await order(b, '2026-03-10T03:00:00Z', null, 1990, 4); // made 03-10, timed out
  await order(c, '2026-03-09T15:00:00Z', '2026-03-09T16:30:00Z', 500, 1); // made 03-09, paid 03-10
  await order(d, '2026-03-10T04:00:00Z', '2026-03-10T04:00:00Z', 0, 9); // free: no order figure
  const [first] = await db.select().from(orders).where(eq(orders.orderNo, 'T1'));
  if (!first) throw new Error('no order');
  const refund = (no: string, amount: number, status: 'success' | 'processing', finishedAt: string | null) =>
    db.insert(orderRefunds).values({
      refundNo: no,
      orderId: first.id,
      amount,
      status,
      reason: 'test',
      requestId: no,
      finishedAt: finishedAt ? at(finishedAt) : null,
    });
  await refund('R1', 300, 'success', '2026-03-10T15:59:59Z'); // completed on 03-10
  await refund('R2', 200, 'processing', null); // not (yet) money back
  await refund('R3', 100, 'success', '2026-03-10T16:00:00Z'); // completed on 03-11
  const drawing = (userId: number, createdAt: string, status: number, provider: string) =>
    db.insert(drawings).values({
      taskId: `t${++n}`,
      userId,
      prompt: 'cat',
      drawRate: '1:1',
      drawQuality: 1,
      drawSteps: 20,
      seed: 1,
      publicFlag: 2,
      status,
      provider,
      hookToken: 'x',
      deadlineAt: at(createdAt),
      createdAt: at(createdAt),
      updatedAt: at(createdAt),
    });
  await drawing(a, '2026-03-10T05:00:00Z', 10, 'mock');
  await drawing(b, '2026-03-10T06:00:00Z', 11, 'mock');
  await drawing(c, '2026-03-09T10:00:00Z', 11, 'mock'); // 03-09: outside the one-day range
  await db.insert(songs).values({
    taskId: `s${++n}`,
    userId: a,
    mode: 'inspiration',
    provider: 'mock-music',
    charge: 'free',
    status: 10,
    deadline: at('2026-03-10T07:00:00Z'),
    createdAt: at('2026-03-10T07:00:00Z'),
  });
  const [code] = await db
    .insert(experienceCodes)
    .values({ code: 'DASHTEST1', source: 'daily', expiresAt: at('2026-03-11T00:00:00Z') })
    .returning();
  if (!code) throw new Error('no code');
  await db
    .insert(couponClaims)
    .values({ couponId: 48, userId: a, day: '2026-03-10', codeId: code.id, claimedAt: at('2026-03-10T08:00:00Z') });
  await db.insert(userActivity).values([
    { userId: a, hour: at('2026-03-10T02:00:00Z') },
    { userId: a, hour: at('2026-03-10T05:00:00Z') },
    { userId: b, hour: at('2026-03-09T16:00:00Z') },
    { userId: c, hour: at('2026-03-04T10:00:00Z') }, // 03-04: in the week ending 03-10
    { userId: d, hour: at('2026-03-03T15:00:00Z') }, // 03-03 23:00 local: outside it
  ]);
  await countUsage(db, 'chat', 1, Date.parse('2026-03-10T10:00:00Z'));
  await countUsage(db, 'chat', 1, Date.parse('2026-03-10T15:30:00Z'));
  await countUsage(db, 'chat', 1, Date.parse('2026-03-10T16:10:00Z')); // 03-11
  return { a, b, c, d };
}

describe('console dashboard', () => {
  it('counts a site day from real rows, its boundaries in the site time zone', async () => {
    await seed();
    const res = await dash('from=2026-03-10&to=2026-03-10');
    expect(res.status).toBe(200);
    const { totals, series, providers } = res.body.data;
    expect(series).toHaveLength(1);
    expect(totals).toMatchObject({
      newUsers: 2,
      createdOrders: 2,
      convertedOrders: 1,
      conversion: 0.5,
      paidOrders: 2,
      revenueFen: 2490,
      refunds: 1,
      refundedFen: 300,
      activeUsers: 2,
      activeDaily: 2,
      activeWeekly: 3,
      chatMessages: 2,
      drawings: 2,
      songs: 1,
      couponClaims: 1,
    });
    expect(providers).toEqual([
      { kind: 'drawing', provider: 'mock', total: 2, failed: 1 },
      { kind: 'music', provider: 'mock-music', total: 1, failed: 0 },
    ]);
  });

  it('answers one row per site day of a range, empty days included', async () => {
    const res = await dash('from=2026-03-08&to=2026-03-11');
    const by = (k: string) => res.body.data.series.map((r: Record<string, number>) => r[k]);
    expect(res.body.data.series.map((r: { day: string }) => r.day)).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
    ]);
    expect(by('newUsers')).toEqual([0, 1, 2, 1]);
    expect(by('createdOrders')).toEqual([0, 1, 2, 0]);
    expect(by('paidOrders')).toEqual([0, 0, 2, 0]);
    expect(by('drawings')).toEqual([0, 1, 2, 0]);
    expect(by('chatMessages')).toEqual([0, 0, 2, 1]);
    expect(res.body.data.totals.activeUsers).toBe(2);
  });

  it('refuses a reversed or overlong range with a translated 400', async () => {
    const reversed = await srv.call('GET', '/api/admin/dashboard?from=2026-03-10&to=2026-03-01', undefined, {
      cookie: `${op.cookie}; lang=en-US`,
    });
    expect([reversed.status, reversed.body.result]).toEqual([400, expect.stringMatching(/366 days/)]);
    expect((await dash('from=2024-01-01&to=2026-01-01')).status).toBe(400);
    expect((await dash('from=2026-13-45&to=2026-03-01')).status).toBe(400);
  });

  it("counts today's activity from the requests themselves, members, and the queues", async () => {
    const u = await makeUser(srv, 'today@example.com');
    const db = srv.runtime.database.db;
    await db
      .update(users)
      .set({ vipType: 1, endDate: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, u.id));
    const before = (await dash('days=1')).body.data.totals;
    expect((await srv.call('GET', '/api/user/info', undefined, u.headers)).status).toBe(200);
    // Activity is written behind the request, within a second.
    const seen = async () => (await db.select().from(users).where(eq(users.id, u.id)))[0]?.lastSeenAt;
    await expect.poll(seen, { timeout: 5000 }).toBeInstanceOf(Date);
    const res = await dash('days=1');
    expect(res.body.data.totals.activeDaily).toBe(before.activeDaily + 1);
    expect(res.body.data.totals.activeMembers).toBe(1);
    expect(res.body.data.series).toHaveLength(1);
    await db.insert(drawings).values({
      taskId: 'waiting-1',
      userId: u.id,
      prompt: 'dog',
      drawRate: '1:1',
      drawQuality: 1,
      drawSteps: 20,
      seed: 1,
      publicFlag: 2,
      status: 1,
      provider: 'mock',
      hookToken: 'x',
      deadlineAt: new Date(Date.now() + 600_000),
    });
    const q = (await dash('days=1')).body.data.queues;
    expect(q.drawings).toEqual({ waiting: 1, running: 0, failedLastHour: 0 });
  });
});
