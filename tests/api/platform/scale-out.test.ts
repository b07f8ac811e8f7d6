// Two server processes on one PostgreSQL behind Debian's nginx, configured
// with the shipped deploy/nginx/miaobi.conf: sessions, pushes, the coupon
// limit and the order rules hold whichever process a request reaches.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type NginxProxy, startNginx } from '../../../scripts/nginx-proxy';
import { loadEnv } from '../../../src/server/config/env';
import { couponClaims, OrderStatus, orderEvents, orders } from '../../../src/server/db/schema';
import { createLogger } from '../../../src/server/log';
import { type RunningServer, startServer } from '../../../src/server/server';
import { clockAt, quickUsers, siteInstant, TZ } from '../activity/activity-fixtures';
import { clearOfWindowEdge, createTestDatabase } from '../helpers';
import { linkKey } from '../sandbox-helpers';
import { isConnected, openSocket, spawnServerProcess } from '../socket-helpers';

const postgres = inject('postgresUrl');
type Headers = Record<string, string>;

describe.skipIf(!postgres)('scale-out: two processes behind nginx', () => {
  let one: RunningServer;
  let two: Awaited<ReturnType<typeof spawnServerProcess>>;
  let proxy: NginxProxy;
  let drop: () => Promise<void>;
  let bases: string[];

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.databaseUrl ?? '',
      DATA_DIR: database.dataDir,
      TRUST_PROXY: 'true',
      COUPON_DAILY_LIMIT: '3',
      SITE_TIME_ZONE: TZ,
      COUPON_OPEN_HOUR: '12',
    };
    one = await startServer(
      loadEnv({ ...env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' }),
      createLogger('silent'),
    );
    two = await spawnServerProcess(env);
    bases = [one.url, two.url];
    proxy = await startNginx(bases.map((u) => Number(new URL(u).port)));
  }, 60_000);
  afterAll(async () => {
    await proxy?.stop();
    await two?.stop();
    await one?.stop(2000);
    await drop?.();
  });

  async function call(base: string, method: string, urlPath: string, body?: unknown, headers: Headers = {}) {
    const res = await fetch(base + urlPath, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
    return { status: res.status, body: (await res.json()) as any };
  }

  async function paidProduct() {
    const list = await call(proxy.url, 'POST', '/api/product/list/aichat');
    const p = (list.body.data.data as Array<{ productId: number; productCode: string; productDisPrice: number }>).find(
      (x) => x.productDisPrice > 0,
    );
    if (!p) throw new Error('no paid product');
    return { productId: p.productId, productCode: p.productCode };
  }

  it('a session made on one process works on the other and through the proxy', async () => {
    const [user] = await quickUsers(one, 'scale-session-', 1);
    if (!user) throw new Error('no user');
    for (const base of [...bases, proxy.url, proxy.url, proxy.url]) {
      const info = await call(base, 'GET', '/api/user/info', undefined, user.headers);
      expect(info.status).toBe(200);
      expect(info.body.data.email).toBe('scale-session-0@example.com');
    }
    expect((await call(two.url, 'POST', '/api/user/logout', undefined, user.headers)).status).toBe(200);
    expect((await call(one.url, 'GET', '/api/user/info', undefined, user.headers)).status).not.toBe(200);
  });

  it('a payment on one process pushes to sockets held by the other and through the proxy', async () => {
    const [user] = await quickUsers(one, 'scale-push-', 1);
    if (!user) throw new Error('no user');
    const created = await call(one.url, 'POST', '/api/order/create', await paidProduct(), user.headers);
    const orderNo = created.body.data.orderNo as string;
    const direct = await openSocket(two.url, { taskId: orderNo, token: user.token });
    const proxied = await openSocket(proxy.url, { taskId: orderNo, token: user.token });
    try {
      await Promise.all([direct.next(isConnected), proxied.next(isConnected)]);
      const key = linkKey(created.body.data.payLink);
      expect((await call(one.url, 'POST', `/api/pay/sandbox/${orderNo}/confirm`, { key })).body.code).toBe(1000000);
      const paid = (m: unknown) => (m as { data?: { orderStatus?: number } }).data?.orderStatus === OrderStatus.PAID;
      await Promise.all([direct.next(paid, 5000), proxied.next(paid, 5000)]);
    } finally {
      direct.ws.close();
      proxied.ws.close();
    }
  });

  it('concurrent creates and confirms on both processes: one unpaid order, paid once', async () => {
    const [user] = await quickUsers(one, 'scale-order-', 1);
    if (!user) throw new Error('no user');
    const product = await paidProduct();
    const creates = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(bases[i % 2] as string, 'POST', '/api/order/create', product, user.headers),
      ),
    );
    const orderNos = new Set(creates.map((r) => r.body.data?.orderNo as string));
    expect(orderNos.size).toBe(1);
    const [orderNo] = [...orderNos];
    // The creator's pay link, opened on six phones at once: its one-time key pays once.
    const key = linkKey(creates.find((r) => r.body.code === 1000000)?.body.data.payLink ?? '');
    const confirms = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(bases[i % 2] as string, 'POST', `/api/pay/sandbox/${orderNo}/confirm`, { key }),
      ),
    );
    expect(confirms.map((r) => r.status).sort()).toEqual([200, 404, 404, 404, 404, 404]);
    const db = one.runtime.database.db;
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.orderNo, orderNo as string));
    const paidEvents = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order?.id ?? 0), eq(orderEvents.toStatus, OrderStatus.PAID)));
    expect(paidEvents).toHaveLength(1);
  });

  it('the daily coupon limit holds across processes', async () => {
    const users = await quickUsers(one, 'scale-coupon-', 12);
    const at = clockAt(siteInstant(0, 13));
    const claims = await Promise.all(
      users.map((u, i) =>
        call(i % 3 === 2 ? proxy.url : (bases[i % 2] as string), 'GET', '/api/coupon/draw/48', undefined, {
          ...u.headers,
          ...at,
        }),
      ),
    );
    expect(claims.filter((r) => r.body.code === 1000000)).toHaveLength(3);
    const rows = await one.runtime.database.db.select().from(couponClaims).where(eq(couponClaims.couponId, 48));
    expect(rows).toHaveLength(3);
  });

  it('the proxy overwrites X-Forwarded-For, so a client cannot pick its rate-limit address', async () => {
    const statuses: number[] = [];
    await clearOfWindowEdge(10 * 60_000, 30_000);
    for (let i = 0; i < 31; i++) {
      const forged = { 'x-forwarded-for': `203.0.113.${i}` };
      const body = { username: 'nobody@example.com', password: 'wrong-password' };
      statuses.push((await call(proxy.url, 'POST', '/api/user/login/email', body, forged)).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Up to 30 s waiting out a window's edge, then 31 password checks: more than the default 30 s.
  }, 90_000);
});
