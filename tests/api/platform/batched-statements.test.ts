// The hottest statements of many requests at once share one statement (src/server/db/queries/batched.ts):
// a session's lookup, a rate limit's count and a new order. Each caller must get the answer it would
// have had alone, and a bad input must fail only its own caller. Calls made in one turn of the event
// loop share a statement, so the tests make them in one turn; rows one statement wrote share their
// transaction id (xmin), which is how a test sees that they were shared.
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/client';
import { hit } from '../../../src/server/db/queries/rate-limits';
import { createSession, revokeSession, sessionForToken } from '../../../src/server/db/queries/sessions';
import {
  OrderStatus,
  orderEvents,
  orderSandboxKeys,
  orders,
  products,
  rateLimits,
  users,
} from '../../../src/server/db/schema';
import { transaction } from '../../../src/server/db/transaction';
import { insertOrder, type NewOrder } from '../../../src/server/services/shop/order-queries';
import { newOrderNo } from '../../../src/server/services/shop/orders';
import { startTestServer, type TestServer } from '../helpers';

let srv: TestServer;
let db: Db;
beforeAll(async () => {
  srv = await startTestServer();
  db = srv.runtime.database.db;
});
afterAll(() => srv?.dispose());

async function makeUsers(n: number, tag: string) {
  const rows = await db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ email: `${tag}${i}@example.com`, passwordHash: 'x' })))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** How many transactions wrote the rows: one when one statement wrote them all. */
async function writers(table: 'orders' | 'rate_limits', where: ReturnType<typeof sql>) {
  const res = (await db.execute(
    sql`select count(distinct xmin::text)::int as n from ${sql.identifier(table)} where ${where}`,
  )) as unknown as { rows: Array<{ n: number }> };
  return res.rows[0]?.n;
}

describe('rate limit counts', () => {
  it('counts 40 hits of one key made at once 1 to 40, in the order they were made', async () => {
    const limit = { limit: 30, windowMs: 3_600_000 };
    const results = await Promise.all(Array.from({ length: 40 }, () => hit(db, 'batch:same', limit)));
    expect(results.map((r) => r.count)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(30);
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, 'batch:same'));
    expect(row?.count).toBe(40);
  });

  it('counts interleaved keys and windows each on its own, and goes on from what earlier statements counted', async () => {
    const limit = { limit: 100, windowMs: 60_000 };
    // Half a minute into the current minute: a fixed date would age past the two days a hit's sweep of old
    // windows keeps, and the first test's sweep, still running, could delete this test's first window.
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
    await hit(db, 'batch:a', limit, now);
    const calls = Array.from({ length: 30 }, (_, i) => {
      const key = i % 3 === 0 ? 'batch:a' : 'batch:b';
      // Every fifth call lands in the next minute's window of its key.
      const at = i % 5 === 4 ? now + 60_000 : now;
      return { key, at, made: hit(db, key, limit, at) };
    });
    const seen = new Map<string, number>();
    for (const c of calls) {
      const id = `${c.key}@${Math.floor(c.at / 60_000)}`;
      // batch:a's first window already held one hit.
      const expected = (seen.get(id) ?? (id === `batch:a@${Math.floor(now / 60_000)}` ? 1 : 0)) + 1;
      seen.set(id, expected);
      expect((await c.made).count).toBe(expected);
    }
    expect(await writers('rate_limits', sql`key in ('batch:a', 'batch:b')`)).toBeLessThanOrEqual(2);
  });

  it('counts inside a transaction on its own, and the count rolls back with it', async () => {
    await expect(
      transaction(db, async (tx) => {
        expect((await hit(tx, 'batch:tx', { limit: 5, windowMs: 60_000 })).count).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, 'batch:tx'))).toEqual([]);
  });
});

describe('session lookups', () => {
  it('answers a batch of live, revoked, expired, unknown and repeated tokens each as alone', async () => {
    const ids = await makeUsers(4, 'sess');
    const live = await Promise.all(ids.slice(0, 3).map((userId) => createSession(db, { userId })));
    const revoked = await createSession(db, { userId: ids[3] as number });
    await revokeSession(db, revoked);
    const old = await createSession(db, { userId: ids[3] as number, now: new Date(Date.now() - 8 * 86_400_000) });
    const asked = [...live, revoked, old, 'unknown-token', live[0] as string];
    const answers = await Promise.all(asked.map((token) => sessionForToken(db, token)));
    expect(answers.map((a) => a?.userId ?? null)).toEqual([ids[0], ids[1], ids[2], null, null, null, ids[0]]);
    // Each lookup is judged at its own time: a later `now` finds the live sessions expired.
    const later = new Date(Date.now() + 8 * 86_400_000);
    const expired = await Promise.all(live.map((token) => sessionForToken(db, token, later)));
    expect(expired).toEqual([null, null, null]);
  });
});

describe('new orders', () => {
  const product = async () => {
    const [p] = await db.select().from(products).where(eq(products.productCode, 'VIP_MONTH'));
    if (!p) throw new Error('no VIP_MONTH product');
    return p;
  };
  const newOrder = (
    userId: number,
    p: Awaited<ReturnType<typeof product>>,
    extra: Partial<NewOrder> = {},
  ): NewOrder => {
    const now = new Date();
    return {
      orderNo: newOrderNo(now),
      userId,
      productId: p.id,
      productCode: p.productCode,
      productType: p.productType,
      productBenefit: p.productBenefit,
      orderDesc: p.productName,
      orderDescNames: p.names,
      orderPrice: p.productDisPrice,
      payProvider: 'sandbox',
      payLimitTime: 15,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 15 * 60_000),
      orderStatus: OrderStatus.PAYING,
      payLink: 'https://miaobi.example/pay/sandbox/x',
      sandboxKeyHash: 'f'.repeat(64),
      source: 'sandbox',
      detail: null,
      ...extra,
    };
  };

  it('writes 20 users’ orders made at once in one statement, each with its history, push channel and key', async () => {
    const p = await product();
    const ids = await makeUsers(20, 'buyer');
    const asked = ids.map((id, i) =>
      newOrder(
        id,
        p,
        i === 3 ? { orderStatus: OrderStatus.FAILED, sandboxKeyHash: null, source: 'provider', detail: 'refused' } : {},
      ),
    );
    const written = await Promise.all(asked.map((o) => insertOrder(db, o)));
    expect(written.map((o) => o?.orderNo)).toEqual(asked.map((o) => o.orderNo));
    expect(written.map((o) => o?.userId)).toEqual(ids);
    expect(written[3]?.orderStatus).toBe(OrderStatus.FAILED);
    expect(written[0]).toMatchObject({
      orderStatus: OrderStatus.PAYING,
      refundedAmount: 0,
      paidAt: null,
      orderDescNames: p.names,
    });
    expect(written[0]?.createdAt).toEqual(asked[0]?.createdAt);
    expect(await writers('orders', sql`user_id in (${sql.join(ids, sql`, `)})`)).toBe(1);

    const orderIds = written.map((o) => o?.id as number);
    const lines = await db.select().from(orderEvents).where(inArray(orderEvents.orderId, orderIds));
    expect(lines).toHaveLength(40);
    const of = (i: number) =>
      lines
        .filter((l) => l.orderId === orderIds[i])
        .sort((a, b) => a.id - b.id)
        .map((l) => [l.fromStatus, l.toStatus, l.source, l.detail]);
    expect(of(0)).toEqual([
      [null, OrderStatus.TO_PAY, 'create', null],
      [OrderStatus.TO_PAY, OrderStatus.PAYING, 'sandbox', null],
    ]);
    expect(of(3)).toEqual([
      [null, OrderStatus.TO_PAY, 'create', null],
      [OrderStatus.TO_PAY, OrderStatus.FAILED, 'provider', 'refused'],
    ]);
    const keys = await db.select().from(orderSandboxKeys).where(inArray(orderSandboxKeys.orderId, orderIds));
    expect(keys).toHaveLength(19);
    const channels = (await db.execute(
      sql`select count(*)::int as n from push_channels where task_id in (${sql.join(
        asked.map((o) => o.orderNo),
        sql`, `,
      )}) and kind = 'order'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(channels.rows[0]?.n).toBe(20);
  });

  it('writes one of a user’s two unpaid orders of a product made at once, and answers nothing for the other', async () => {
    const p = await product();
    const [id] = await makeUsers(1, 'twice');
    const [a, b] = await Promise.all([
      insertOrder(db, newOrder(id as number, p)),
      insertOrder(db, newOrder(id as number, p)),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(
      await db
        .select()
        .from(orders)
        .where(eq(orders.userId, id as number)),
    ).toHaveLength(1);
  });

  it('fails only the order that cannot be written when orders made at once share a statement', async () => {
    const p = await product();
    const ids = await makeUsers(4, 'mixed');
    const made = ids.map((id, i) => insertOrder(db, newOrder(id, p, i === 2 ? { productId: 2_000_000_000 } : {})));
    const settled = await Promise.allSettled(made);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await db.select().from(orders).where(inArray(orders.userId, ids))).toHaveLength(3);
  });
});

describe('old rate-limit windows', () => {
  it('a hit sweeps windows older than two days behind its answer, at most once a minute per process', async () => {
    const day = 86_400_000;
    // Far enough ahead that no earlier hit of this file counts as this minute's sweep; an hour into
    // a day, so every hit below counts in the same day-long window.
    const now = Math.floor(Date.now() / day) * day + 10 * day + 3_600_000;
    const limit = { limit: 100, windowMs: day };
    const window = (tag: string, at: number) =>
      db.insert(rateLimits).values({ key: `sweep:${tag}`, windowStart: new Date(at), count: 1 });
    const left = async () =>
      (await db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, 'sweep:%')))
        .map((r) => r.key)
        .sort();

    await window('old', now - 3 * day);
    await window('recent', now - day);
    expect((await hit(db, 'swept-by', limit, now)).count).toBe(1);
    await expect.poll(left).toEqual(['sweep:recent']);

    // Within the minute: no second sweep.
    await window('old-again', now - 3 * day);
    expect((await hit(db, 'swept-by', limit, now + 1_000)).count).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(await left()).toEqual(['sweep:old-again', 'sweep:recent']);

    await hit(db, 'swept-by', limit, now + 61_000);
    await expect.poll(left).toEqual(['sweep:recent']);
  });
});
