import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../../../src/server/db/schema';
import { AdminCode, type Role } from '../../../src/shared/admin';
import { startTestServer, type TestServer } from '../helpers';
import { makeStaff, type Staff } from './admin-helpers';
import { ACCOUNT_ROUTES, type AccountRoute, self, stateOf, type Target, target } from './hierarchy-routes';

let srv: TestServer;
let op: Staff;
let admin: Staff;
/** A second admin: what one admin may not do to itself, another does. */
let peer: Staff;

beforeAll(async () => {
  srv = await startTestServer();
  op = await makeStaff(srv, 'rank-op@example.com', 'operator');
  admin = await makeStaff(srv, 'rank-admin@example.com', 'admin');
  peer = await makeStaff(srv, 'rank-peer@example.com', 'admin');
}, 60_000);
afterAll(() => srv?.dispose());

const en = JSON.parse(readFileSync('locales/en-US/admin.json', 'utf8')) as Record<string, string>;

/** Console POST routes that act on no account, each with why (reads never act). */
const NOT_ACCOUNT: Record<string, string> = {
  'POST /api/admin/session': "the caller's own console session",
  'POST /api/admin/logout': "the caller's own console session",
  'POST /api/admin/totp/enrol': "the caller's own authenticator",
  'POST /api/admin/totp/confirm': "the caller's own authenticator",
  'POST /api/admin/totp/verify': "the caller's own authenticator",
  'POST /api/admin/products': 'the catalogue',
  'POST /api/admin/products/{id}': 'the catalogue',
  'POST /api/admin/products/{id}/move': 'the catalogue',
  'POST /api/admin/products/{id}/enabled': 'the catalogue',
  'POST /api/admin/settings': 'site settings',
  'POST /api/admin/settings/image': 'site settings',
  'POST /api/admin/codes/batches': 'experience codes, nobody in particular',
  'POST /api/admin/codes/batches/{id}/disable': 'experience codes, nobody in particular',
  'POST /api/admin/notices': 'notices',
  'POST /api/admin/notices/{id}': 'notices',
  'POST /api/admin/orders/{orderNo}/query': "the payment service's answer, applied as its notify would be",
  'POST /api/admin/payments/missed/{id}/dismiss': 'a missed payment closed, nothing credited',
  'POST /api/admin/payments/reconciliations': "the payment service's bill compared with the orders",
  'POST /api/admin/payments/reconciliations/diffs/{id}/resolve': 'a bill difference marked explained, nothing moved',
  'POST /api/admin/channels': 'model channels',
  'POST /api/admin/channels/{id}': 'model channels',
  'POST /api/admin/channels/{id}/delete': 'model channels',
  'POST /api/admin/channels/{id}/keys': 'model channels',
  'POST /api/admin/channels/{id}/keys/{keyId}/enabled': 'model channels',
  'POST /api/admin/channels/{id}/keys/{keyId}/delete': 'model channels',
  'POST /api/admin/channels/{id}/test': 'model channels',
  'POST /api/admin/web-search': 'the web search setting',
  'POST /api/admin/web-search/reset': 'the web search setting',
  'POST /api/admin/web-search/test': 'the web search setting',
  'POST /api/admin/knowledge/apps/{id}': "a built-in app's knowledge base",
  'POST /api/admin/tools/mcp': 'an MCP server of the site',
  'POST /api/admin/tools/mcp/{id}': 'an MCP server of the site',
  'POST /api/admin/tools/mcp/{id}/delete': 'an MCP server of the site',
  'POST /api/admin/tools/mcp/{id}/refresh': 'an MCP server of the site',
  'POST /api/admin/tools/mcp/{id}/levels': 'an MCP server of the site',
  'POST /api/admin/review/decide': "an item's publication, not its author's account",
  'POST /api/admin/words': 'the word list',
  'POST /api/admin/complaints/{id}/reply': 'a complaint ticket',
  'POST /api/admin/complaints/{id}/close': 'a complaint ticket',
  'POST /api/admin/complaints/{id}/takedown': "an item's publication, not its author's account",
  'POST /api/admin/words/revert': 'the word list',
  'POST /api/admin/credits/prices': 'credit prices and check-in rewards',
};

const refusals = (targetId: number, action: string) =>
  srv.runtime.database.db
    .select()
    .from(adminAudit)
    .where(
      and(
        eq(adminAudit.action, 'console.refused'),
        eq(adminAudit.targetId, String(targetId)),
        sql`${adminAudit.before}->>'action' = ${action}`,
      ),
    );

async function expectRefused(
  route: AccountRoute,
  actor: Staff,
  t: Target,
  key: 'admin:reach.self' | 'admin:reach.staff',
) {
  const prepared = (await route.prepare?.(srv, t)) ?? '';
  const before = await stateOf(srv, t.id);
  const audited = (await refusals(t.id, route.action)).length;
  const res = await route.send(srv, actor, t, prepared);
  const label = `${route.key} by #${actor.id} on a ${t.role} #${t.id}`;
  expect([res.status, res.body.code, res.body.result], label).toEqual([403, AdminCode.OUT_OF_REACH, en[key.slice(6)]]);
  expect(await stateOf(srv, t.id), label).toEqual(before);
  const rows = await refusals(t.id, route.action);
  expect(rows, label).toHaveLength(audited + 1);
  expect(rows.at(-1), label).toMatchObject({ actorId: actor.id, reason: 'hierarchy matrix', after: { refused: key } });
}

async function expectAllowed(route: AccountRoute, actor: Staff, t: Target) {
  const prepared = (await route.prepare?.(srv, t)) ?? '';
  const before = await stateOf(srv, t.id);
  const audited = (await refusals(t.id, route.action)).length;
  const res = await route.send(srv, actor, t, prepared);
  const label = `${route.key} by #${actor.id} on a ${t.role} #${t.id}: ${JSON.stringify(res.body)}`;
  if (route.staffRule && t.role !== 'user') {
    // Allowed by the hierarchy, refused by the action's own rule.
    expect([res.status, res.body.result], label).toEqual([400, en[route.staffRule.slice(6)]]);
    return;
  }
  expect([res.status, res.body.data?.applied], label).toEqual([200, true]);
  expect(await stateOf(srv, t.id), label).not.toEqual(before);
  expect(await refusals(t.id, route.action), label).toHaveLength(audited);
}

describe('the console hierarchy', () => {
  it('walks every console route that acts on an account, as the OpenAPI document marks them', async () => {
    const doc = (await srv.call('GET', '/api/openapi.json')).body;
    const posts: [string, Record<string, unknown>][] = Object.entries(
      doc.paths as Record<string, Record<string, Record<string, unknown>>>,
    )
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([m, op]): [string, Record<string, unknown>] => [`${m.toUpperCase()} ${path}`, op]),
      )
      .filter(([key]) => key.startsWith('POST '));
    const marked = posts.filter(([, op]) => op['x-targets-account'] === true).map(([key]) => key);
    expect(marked.sort()).toEqual(ACCOUNT_ROUTES.map((r) => r.key).sort());
    // A route on a user's path must be marked; every other console action says why it acts on no account.
    for (const [key] of posts) {
      if (/\/users\/\{id\}\//.test(key)) expect(marked, key).toContain(key);
      expect(marked.includes(key) || key in NOT_ACCOUNT, `${key}: an account route, or in NOT_ACCOUNT`).toBe(true);
    }
    expect(Object.keys(NOT_ACCOUNT).filter((k) => !posts.some(([key]) => key === k))).toEqual([]);
  });

  for (const route of ACCOUNT_ROUTES) {
    it(`${route.key}: an operator acts on plain users only, never on itself`, async () => {
      await expectRefused(route, op, await target(srv, 'admin'), 'admin:reach.staff');
      await expectRefused(route, op, await target(srv, 'operator'), 'admin:reach.staff');
      await expectRefused(route, op, self(op, 'rank-op@example.com', 'operator'), 'admin:reach.self');
      const user = await target(srv, 'user');
      if (!route.adminOnly) return expectAllowed(route, op, user);
      const prepared = (await route.prepare?.(srv, user)) ?? '';
      const before = await stateOf(srv, user.id);
      const res = await route.send(srv, op, user, prepared);
      expect([res.status, res.body.result], route.key).toEqual([403, en.forbidden]);
      expect(await stateOf(srv, user.id)).toEqual(before);
    });

    it(`${route.key}: an admin acts on operators and other admins, never on itself`, async () => {
      await expectRefused(route, admin, self(admin, 'rank-admin@example.com', 'admin'), 'admin:reach.self');
      await expectAllowed(route, admin, await target(srv, 'operator'));
      await expectAllowed(route, peer, await target(srv, 'admin'));
    });
  }

  it('refuses self-grants of membership, compositions and refunds to admins too; another admin grants them', async () => {
    const me = self(admin, 'rank-admin@example.com', 'admin');
    const grant = (actor: Staff, t: Target, kind: string) =>
      srv.call(
        'POST',
        `/api/admin/users/${t.id}/membership`,
        { kind, amount: 30, reason: 'hierarchy matrix', requestId: crypto.randomUUID() },
        { cookie: actor.cookie },
      );
    for (const kind of ['vip', 'plus', 'compositions']) {
      const before = await stateOf(srv, me.id);
      const audited = (await refusals(me.id, `membership.${kind}`)).length;
      const own = await grant(admin, me, kind);
      expect([own.status, own.body.code]).toEqual([403, AdminCode.OUT_OF_REACH]);
      expect(await stateOf(srv, me.id)).toEqual(before);
      expect(await refusals(me.id, `membership.${kind}`)).toHaveLength(audited + 1);
      expect((await grant(peer, me, kind)).body.data).toEqual({ applied: true });
      expect(await stateOf(srv, me.id)).not.toEqual(before);
    }
    const refund = ACCOUNT_ROUTES.find((r) => r.action === 'order.refund') as AccountRoute;
    await expectRefused(refund, admin, me, 'admin:reach.self');
    await expectAllowed(refund, peer, me);
  });

  it("shows the viewer's refusal on the user page instead of actions", async () => {
    const detail = async (viewer: Staff, id: number) =>
      (await srv.call('GET', `/api/admin/users/${id}`, undefined, { cookie: viewer.cookie })).body.data.refusal;
    const roles: Role[] = ['user', 'operator', 'admin'];
    const [user, operator, other] = await Promise.all(roles.map((r) => target(srv, r)));
    expect(await Promise.all([user, operator, other, { id: op.id }].map((t) => detail(op, t?.id ?? 0)))).toEqual([
      null,
      'admin:reach.staff',
      'admin:reach.staff',
      'admin:reach.self',
    ]);
    expect(await Promise.all([user, operator, other, { id: admin.id }].map((t) => detail(admin, t?.id ?? 0)))).toEqual([
      null,
      null,
      null,
      'admin:reach.self',
    ]);
  });
});
