import { createSign, generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { createApiApp } from '../../../src/server/api';
import { registerPayNotify } from '../../../src/server/api/shop/pay-notify';
import { orderEvents, orderSandboxKeys, orders, products, users } from '../../../src/server/db/schema';
import { createHttpServer } from '../../../src/server/http';
import type { TestServer } from '../helpers';

export interface PemPair {
  privatePem: string;
  publicPem: string;
}

export function rsaPair(): PemPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** SHA256withRSA, base64: how both fakes sign. */
export const sha256Sign = (message: string, privatePem: string) =>
  createSign('RSA-SHA256').update(message, 'utf8').sign(privatePem, 'base64');

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface NotifyApi {
  url: string;
  post(path: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

/**
 * The site's full HTTP stack (global middleware, body limit, error handler)
 * on the test server's runtime, with the notify routes mounted: they join
 * src/server/api/index.ts's domains separately, and are not mounted twice once they do.
 */
export async function startNotifyApi(srv: TestServer): Promise<NotifyApi> {
  const api = createApiApp(srv.runtime);
  if (!api.routes.some((r) => r.path.endsWith('/pay/wechat/notify'))) registerPayNotify(api);
  const server: Server = createHttpServer(srv.runtime, api, (_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async post(path, body, headers) {
      const res = await fetch(url + path, { method: 'POST', body, headers });
      return { status: res.status, text: await res.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function productByCode(srv: TestServer, code: string) {
  const [p] = await srv.runtime.database.db.select().from(products).where(eq(products.productCode, code));
  if (!p) throw new Error(`no product ${code}`);
  return p;
}

/** Sets a product's price directly, and drops the cached catalogue as the console and the products command do. */
export async function setPrice(srv: TestServer, code: string, fen: number) {
  await srv.runtime.database.db.update(products).set({ productDisPrice: fen }).where(eq(products.productCode, code));
  srv.runtime.products.invalidate();
}

export async function createOrder(srv: TestServer, headers: Record<string, string>, code: string) {
  const p = await productByCode(srv, code);
  return srv.call('POST', '/api/order/create', { productId: p.id, productCode: p.productCode }, headers);
}

export async function userRow(srv: TestServer, id: number) {
  const [u] = await srv.runtime.database.db.select().from(users).where(eq(users.id, id));
  if (!u) throw new Error('no user');
  return u;
}

export async function orderRow(srv: TestServer, orderNo: string) {
  const [o] = await srv.runtime.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!o) throw new Error(`no order ${orderNo}`);
  return o;
}

/** The hash of the live key of a sandbox order's pay link; null when it has none. */
export async function sandboxKeyHash(srv: TestServer, orderNo: string) {
  const o = await orderRow(srv, orderNo);
  const [k] = await srv.runtime.database.db
    .select({ keyHash: orderSandboxKeys.keyHash })
    .from(orderSandboxKeys)
    .where(eq(orderSandboxKeys.orderId, o.id));
  return k?.keyHash ?? null;
}

/** The events recorded for an order, oldest first. */
export async function orderEventRows(srv: TestServer, orderNo: string) {
  const o = await orderRow(srv, orderNo);
  return srv.runtime.database.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, o.id))
    .orderBy(asc(orderEvents.id));
}

/** Status changes recorded for an order, oldest first. */
export async function orderHistory(srv: TestServer, orderNo: string) {
  return (await orderEventRows(srv, orderNo)).map((e) => e.toStatus);
}

/** An order's status as its owner reads it through GET /api/order/detail. */
export async function detailStatus(srv: TestServer, orderNo: string, headers: Record<string, string>) {
  return (await srv.call('GET', `/api/order/detail?orderNo=${orderNo}`, undefined, headers)).body.data.orderStatus;
}

/** Puts the pay limit in the past, as the sweeper's tests do. */
export async function expireOrder(srv: TestServer, orderNo: string) {
  await srv.runtime.database.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(orders.orderNo, orderNo));
}

type Schema = Record<string, unknown>;

/** Documented string inputs of these paths without a length limit (platform.test.ts demands one everywhere). */
export function unboundedStrings(doc: { paths: Record<string, Record<string, Schema>> }, paths: string[]): string[] {
  const found: string[] = [];
  const walk = (s: Schema, where: string) => {
    if (s.type === 'string' && !s.enum && s.maxLength === undefined) found.push(where);
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) walk(v, `${where}.${k}`);
  };
  for (const p of paths) {
    const op = doc.paths[p]?.post as { requestBody?: { content: Record<string, Schema> }; parameters?: Schema[] };
    for (const media of Object.values(op.requestBody?.content ?? {})) walk(media.schema as Schema, p);
    for (const h of op.parameters ?? []) walk(h.schema as Schema, `${p} ${h.name}`);
  }
  return found;
}
