import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelChannels, orderRefunds, orders, products, usageLedger } from '../../../src/server/db/schema';
import { makeStaff, makeUser, type Staff } from '../admin/admin-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';

// Site days in Asia/Shanghai (UTC+8): 2026-04-02 runs from 04-01T16:00Z to 04-02T16:00Z.
let srv: TestServer;
let op: Staff;
const at = (iso: string) => new Date(iso);
const report = (q: string, cookie = op.cookie) =>
  srv.call('GET', `/api/admin/usage?${q}`, undefined, cookie ? { cookie } : {});

beforeAll(async () => {
  srv = await startTestServer();
  op = await makeStaff(srv, 'usage-op@example.com', 'operator');
}, 60_000);
afterAll(() => srv?.dispose());

async function seed() {
  const db = srv.runtime.database.db;
  const a = await makeUser(srv, 'usage-a@example.com');
  const b = await makeUser(srv, 'usage-b@example.com');
  const [channel] = await db
    .insert(modelChannels)
    .values({ kind: 'chat', flavour: 'openai', name: 'Main relay', baseUrl: 'https://relay.example/v1' })
    .returning();
  if (!channel) throw new Error('no channel');
  const row = (r: Partial<typeof usageLedger.$inferInsert> & { createdAt: Date }) =>
    db.insert(usageLedger).values({
      kind: 'chat',
      model: 'gpt-4o-mini',
      provider: 'openai',
      tokenSource: 'upstream',
      durationMs: 1000,
      outcome: 'ok',
      ...r,
    });
  // 04-01 (local): one answer on the channel.
  await row({
    userId: a.id,
    channelId: channel.id,
    inputTokens: 100,
    outputTokens: 50,
    costMicros: 3000,
    createdAt: at('2026-04-01T15:59:59Z'),
  });
  // 04-02: two answers by a (one cancelled), one by b on another model, a drawing, a visitor's answer.
  await row({
    userId: a.id,
    channelId: channel.id,
    inputTokens: 200,
    outputTokens: 100,
    costMicros: 6000,
    createdAt: at('2026-04-01T16:00:00Z'),
  });
  await row({
    userId: a.id,
    channelId: channel.id,
    inputTokens: 10,
    outputTokens: 5,
    costMicros: 300,
    outcome: 'cancelled',
    createdAt: at('2026-04-02T03:00:00Z'),
  });
  await row({
    userId: b.id,
    model: 'deepseek-chat',
    inputTokens: 1000,
    outputTokens: 1000,
    costMicros: 20_000,
    tokenSource: 'tokenizer',
    createdAt: at('2026-04-02T05:00:00Z'),
  });
  await row({
    userId: b.id,
    kind: 'drawing',
    model: 'mj',
    provider: 'midjourney-proxy',
    tokenSource: 'none',
    costMicros: 250_000,
    createdAt: at('2026-04-02T06:00:00Z'),
  });
  await row({
    userId: null,
    inputTokens: 7,
    outputTokens: 3,
    outcome: 'failed',
    createdAt: at('2026-04-02T15:59:59Z'),
  });
  // 04-03: outside a one-day range.
  await row({ userId: b.id, inputTokens: 1, outputTokens: 1, costMicros: 999, createdAt: at('2026-04-02T16:00:00Z') });

  const [product] = await db.select().from(products).limit(1);
  if (!product) throw new Error('no product');
  const order = (no: string, paidAt: string, price: number, status = 1) =>
    db.insert(orders).values({
      orderNo: no,
      userId: a.id,
      productId: product.id,
      productCode: product.productCode,
      productType: product.productType,
      productBenefit: 30,
      orderDesc: 'test',
      orderPrice: price,
      orderStatus: status,
      payProvider: 'sandbox',
      payLimitTime: 15,
      createdAt: at(paidAt),
      expiresAt: at(paidAt),
      paidAt: at(paidAt),
    });
  await order('U1', '2026-04-02T02:00:00Z', 1990); // 19.90 yuan on 04-02
  await order('U2', '2026-04-02T03:00:00Z', 0, 9); // free: no revenue
  await order('U3', '2026-04-02T16:30:00Z', 5000); // 04-03
  const [first] = await db.select().from(orders).where(eq(orders.orderNo, 'U1'));
  if (!first) throw new Error('no order');
  await db.insert(orderRefunds).values({
    refundNo: 'UR1',
    orderId: first.id,
    amount: 490,
    status: 'success',
    reason: 'test',
    requestId: 'UR1',
    finishedAt: at('2026-04-02T10:00:00Z'),
  });
  return { a, b, channel };
}

describe('console usage page', () => {
  it('aggregates a range by day, model, channel and user, and the margin against revenue', async () => {
    const { a, b, channel } = await seed();
    const res = await report('from=2026-04-02&to=2026-04-02');
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.totals).toEqual({
      count: 5,
      answers: 4,
      drawings: 1,
      songs: 0,
      failed: 1,
      cancelled: 1,
      inputTokens: 1217,
      outputTokens: 1108,
      costMicros: 276_300,
      revenueFen: 1500,
      // 15.00 yuan − 0.2763 yuan
      marginMicros: 15_000_000 - 276_300,
    });
    expect(data.days).toEqual([
      { day: '2026-04-02', count: 5, inputTokens: 1217, outputTokens: 1108, costMicros: 276_300, revenueFen: 1500 },
    ]);
    expect(data.models).toEqual([
      { kind: 'drawing', model: 'mj', count: 1, inputTokens: 0, outputTokens: 0, costMicros: 250_000 },
      { kind: 'chat', model: 'deepseek-chat', count: 1, inputTokens: 1000, outputTokens: 1000, costMicros: 20_000 },
      { kind: 'chat', model: 'gpt-4o-mini', count: 3, inputTokens: 217, outputTokens: 108, costMicros: 6300 },
    ]);
    expect(data.channels).toEqual([
      {
        channelId: null,
        name: null,
        provider: 'midjourney-proxy',
        count: 1,
        inputTokens: 0,
        outputTokens: 0,
        costMicros: 250_000,
      },
      {
        channelId: null,
        name: null,
        provider: 'openai',
        count: 2,
        inputTokens: 1007,
        outputTokens: 1003,
        costMicros: 20_000,
      },
      {
        channelId: channel.id,
        name: 'Main relay',
        provider: 'openai',
        count: 2,
        inputTokens: 210,
        outputTokens: 105,
        costMicros: 6300,
      },
    ]);
    expect(data.users).toEqual([
      {
        userId: b.id,
        email: 'usage-b@example.com',
        nickname: null,
        count: 2,
        inputTokens: 1000,
        outputTokens: 1000,
        costMicros: 270_000,
      },
      {
        userId: a.id,
        email: 'usage-a@example.com',
        nickname: null,
        count: 2,
        inputTokens: 210,
        outputTokens: 105,
        costMicros: 6300,
      },
    ]);
  });

  it('keeps one row per site day across a longer range, and limits the users to the top N', async () => {
    const res = await report('from=2026-04-01&to=2026-04-03&top=1');
    const data = res.body.data;
    expect(data.days.map((d: { day: string; count: number }) => [d.day, d.count])).toEqual([
      ['2026-04-01', 1],
      ['2026-04-02', 5],
      ['2026-04-03', 1],
    ]);
    expect(data.days.map((d: { revenueFen: number }) => d.revenueFen)).toEqual([0, 1500, 5000]);
    expect(data.totals.marginMicros).toBe(6500 * 10_000 - (3000 + 276_300 + 999));
    expect(data.users).toHaveLength(1);
    expect(data.users[0].email).toBe('usage-b@example.com');
  });

  it('answers 400 for a reversed range, 404 without a console session, and 404 to a signed-in user', async () => {
    expect((await report('from=2026-04-03&to=2026-04-01')).status).toBe(400);
    expect((await report('days=7', '')).status).toBe(404);
    const user = await createUserWithToken(srv, 'usage-nobody@example.com');
    expect((await srv.call('GET', '/api/admin/usage?days=7', undefined, user.headers)).status).toBe(404);
  });
});
