import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelKeys, mcpServers, modelChannels, paymentRecords, products } from '../../../src/server/db/schema';
import { channelBox } from '../../../src/server/services/channels/box';
import { recordPayment } from '../../../src/server/services/shop/payment-records';
import { AdminCode } from '../../../src/shared/admin';
import { startTestServer, type TestServer } from '../helpers';
import { pendingWithdrawal } from '../referral/referral-helpers';
import * as pay from '../shop/pay-helpers';
import { codeFor, makeStaff, makeUser, openConsole, requestId, type Staff } from './admin-helpers';
import { consoleProbes, type Probe, type Who } from './console-probes';
import { fileComplaint } from './console-probes-compliance';
import { paidOrder } from './order-helpers';

let srv: TestServer;
let target: { id: number; headers: Record<string, string> };
/** A seeded product the matrix edits without changing its price. */
let product: typeof products.$inferSelect;
let doomed: { id: number };
let operator: Staff;
let admin: Staff;
let order: { orderNo: string };
/** A seeded channel with one key (nothing listens at its address: its test answers 'refused'). */
let channel: { id: number; keyId: number };
let mcp: { id: number };
let withdrawals: { pay: string; reject: string };
let missed: { id: number };
let complaint: { id: number };

beforeAll(async () => {
  srv = await startTestServer();
  target = await makeUser(srv, 'target@example.com');
  [product] = (await srv.runtime.database.db.select().from(products).where(eq(products.productCode, 'MUSIC_10'))) as [
    typeof products.$inferSelect,
  ];
  doomed = await makeUser(srv, 'doomed@example.com');
  operator = await makeStaff(srv, 'operator@example.com', 'operator');
  admin = await makeStaff(srv, 'admin@example.com', 'admin');
  order = await paidOrder(srv);
  withdrawals = {
    pay: await pendingWithdrawal(srv, target.id),
    reject: await pendingWithdrawal(srv, target.id),
  };
  const { db } = srv.runtime.database;
  const [row] = await db
    .insert(modelChannels)
    .values({ kind: 'chat', flavour: 'openai', name: 'matrix', baseUrl: 'http://127.0.0.1:1/v1' })
    .returning();
  const [key] = await db
    .insert(channelKeys)
    .values({ channelId: row?.id ?? 0, sealed: channelBox(srv.runtime).seal('sk-matrix-0001'), last4: '0001' })
    .returning();
  channel = { id: row?.id ?? 0, keyId: key?.id ?? 0 };
  const [server] = await db.insert(mcpServers).values({ name: 'matrix', url: 'http://127.0.0.1:1/mcp' }).returning();
  mcp = { id: server?.id ?? 0 };
  // A payment a service reported for the target's unpaid order that was not credited.
  const unpaid = await pay.createOrder(srv, target.headers, 'VIP_MONTH');
  const orderNo = unpaid.body.data.orderNo as string;
  await recordPayment(db, {
    orderNo,
    provider: 'sandbox',
    source: 'notify',
    outcome: 'mismatch',
    amount: 1,
    raw: 'matrix',
  });
  const [rec] = await db.select().from(paymentRecords).where(eq(paymentRecords.orderNo, orderNo));
  missed = { id: rec?.id ?? 0 };
  complaint = await fileComplaint(srv);
}, 60_000);
afterAll(() => srv?.dispose());

/** Everything the matrix acts on, made by beforeAll. */
const targets = () => ({
  srv,
  target,
  product,
  doomed,
  operator,
  admin,
  order,
  channel,
  mcp,
  withdrawals,
  missed,
  complaint,
});

async function probe(p: Probe, who: Who, headers: Record<string, string>) {
  const body = p.body ? await p.body(who) : undefined;
  return srv.call(p.method, p.path, body, headers);
}

describe('console authorization', () => {
  it('lists every /api/admin route of the OpenAPI document in the matrix', async () => {
    const doc = (await srv.call('GET', '/api/openapi.json')).body;
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const probed = consoleProbes(targets())
      .map(
        (p) =>
          `${p.method} ${p.path
            .split('?')[0]
            ?.replace(order.orderNo, '{orderNo}')
            .replace(
              /\/(users|products|batches|notices|channels|mcp|withdrawals|missed|complaints|apps|diffs)\/\d+/,
              '/$1/{id}',
            )
            .replace(/\/keys\/\d+/, '/keys/{keyId}')}`,
      )
      .sort();
    expect(probed).toEqual(documented);
  });

  it('answers 404 to visitors and users on every route, as for a path that does not exist', async () => {
    const user = await makeUser(srv, 'plain@example.com');
    const { status, cookie } = await openConsole(srv, user.token);
    expect([status, cookie]).toEqual([404, '']);
    const unknown = await srv.call('GET', '/api/nothing-here');
    for (const p of consoleProbes(targets())) {
      for (const [who, headers] of [
        ['visitor', {}],
        ['user', user.headers],
        // A made-up console cookie is no session either.
        ['user', { ...user.headers, cookie: 'mb_console=forged-token-value' }],
      ] as const) {
        const res = await probe(p, who, headers);
        expect(res.status, `${who} ${p.method} ${p.path}`).toBe(404);
        expect(res.body).toEqual(unknown.body);
      }
    }
  });

  it('gives operators and admins what their role allows, with TOTP verified', async () => {
    for (const [who, staff] of [
      ['operator', operator],
      ['admin', admin],
    ] as const) {
      for (const p of consoleProbes(targets())) {
        const res = await probe(p, who, { ...staff.headers, cookie: staff.cookie });
        expect(res.status, `${who} ${p.method} ${p.path}: ${JSON.stringify(res.body)}`).toBe(p.expect[who]);
      }
      // Logged out of the console: the cookie is dead.
      expect((await srv.call('GET', '/api/admin/me', undefined, { cookie: staff.cookie })).status).toBe(404);
    }
  });

  it('answers no console route but its sign-in steps before TOTP is verified', async () => {
    const u = await makeUser(srv, 'new-operator@example.com', 'operator');
    const { cookie } = await openConsole(srv, u.token);
    const me = await srv.call('GET', '/api/admin/me', undefined, { cookie });
    expect(me.body.data).toMatchObject({ role: 'operator', enrolled: false, verified: false });
    for (const p of consoleProbes(targets()).filter((x) => !/\/session$|me$|totp|logout/.test(x.path))) {
      const res = await probe(p, 'operator', { cookie });
      expect(res.status, `${p.method} ${p.path}`).toBe(403);
      expect(res.body.code).toBe(AdminCode.TOTP_REQUIRED);
    }
    // Verifying without enrolment is refused; enrolment shows the secret once, then never again.
    expect((await srv.call('POST', '/api/admin/totp/verify', { code: '123456' }, { cookie })).body.code).toBe(
      AdminCode.TOTP_REQUIRED,
    );
    const enrol = await srv.call('POST', '/api/admin/totp/enrol', undefined, { cookie });
    expect(enrol.body.data.qr).toMatch(/^data:image\/png;base64,/);
    expect(enrol.body.data.uri).toContain(`secret=${enrol.body.data.secret}`);
    const code = await codeFor(srv, u.id);
    expect((await srv.call('POST', '/api/admin/totp/confirm', { code }, { cookie })).status).toBe(200);
    expect((await srv.call('POST', '/api/admin/totp/enrol', undefined, { cookie })).status).toBe(400);
    expect((await srv.call('GET', '/api/admin/dashboard', undefined, { cookie })).status).toBe(200);

    // A second console session of the same account verifies with a code, and a code is good once.
    const second = await openConsole(srv, u.token);
    const again = await srv.call('POST', '/api/admin/totp/verify', { code }, { cookie: second.cookie });
    expect(again.status).toBe(400);
    const next = await codeFor(srv, u.id, 1);
    expect((await srv.call('POST', '/api/admin/totp/verify', { code: next }, { cookie: second.cookie })).status).toBe(
      200,
    );
  });

  it('limits wrong codes per account, concurrent guesses included', async () => {
    const u = await makeUser(srv, 'guesser@example.com', 'admin');
    const { cookie } = await openConsole(srv, u.token);
    await srv.call('POST', '/api/admin/totp/enrol', undefined, { cookie });
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        srv.call('POST', '/api/admin/totp/confirm', { code: String(100000 + i) }, { cookie }),
      ),
    );
    expect(guesses.filter((r) => r.status === 429)).toHaveLength(3);
    // Even the right code waits for the window now.
    const right = await srv.call('POST', '/api/admin/totp/confirm', { code: await codeFor(srv, u.id) }, { cookie });
    expect(right.status).toBe(429);
  });

  it('asks an admin for a fresh code before a role change', async () => {
    const boss = await makeStaff(srv, 'boss@example.com', 'admin');
    const res = await srv.call(
      'POST',
      `/api/admin/users/${target.id}/role`,
      { role: 'operator', reason: 'x', requestId: requestId(), code: '000000' },
      { cookie: boss.cookie },
    );
    expect([res.status, res.body.code]).toEqual([403, AdminCode.TOTP_AGAIN]);
  });
});
