// The console's route matrix for console-access.test.ts: every /api/admin route with the status
// each role gets, and a body where the route needs one.
import type { products } from '../../../src/server/db/schema';
import type { TestServer } from '../helpers';
import { codeFor, requestId, type Staff } from './admin-helpers';
import { channelBody } from './channel-helpers';
import { assistantProbes } from './console-probes-assistant';
import { complaintProbes } from './console-probes-compliance';
import { creditProbes } from './console-probes-credits';
import { paymentProbes } from './console-probes-payments';
import { referralProbes } from './console-probes-referral';
import { coded, freshCode } from './order-helpers';

export type Who = 'visitor' | 'user' | 'operator' | 'admin';

/** A 1×1 PNG. */
const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export interface Probe {
  method: string;
  path: string;
  body?: (who: Who) => Promise<unknown> | unknown;
  /** HTTP status per console role (visitors and users always get 404). */
  expect: { operator: number; admin: number };
}

/** What the probes act on, made by the test's beforeAll. */
export interface ProbeTargets {
  srv: TestServer;
  target: { id: number };
  product: typeof products.$inferSelect;
  doomed: { id: number };
  operator: Staff;
  admin: Staff;
  order: { orderNo: string };
  channel: { id: number; keyId: number };
  /** An MCP server at an address nothing answers. */
  mcp: { id: number };
  /** Two pending withdrawals of the target: one the admin pays, one it rejects. */
  withdrawals: { pay: string; reject: string };
  /** An open missed payment of a plain user's order. */
  missed: { id: number };
  /** An open complaint filed by a visitor. */
  complaint: { id: number };
}

// Every console route, in an order that leaves the session open until the last one.
export const consoleProbes = (targets: ProbeTargets): Probe[] => {
  const { srv, target, product, doomed, admin, order, channel, mcp, withdrawals, missed, complaint } = targets;
  const productForm = () => ({
    names: { 'zh-CN': product.productName, 'en-US': 'Music pack: 10 songs', 'zh-TW': '' },
    descriptions: { 'zh-CN': product.productDescription, 'en-US': '', 'zh-TW': '' },
    price: (product.productPrice / 100).toFixed(2),
    disPrice: (product.productDisPrice / 100).toFixed(2),
    productType: product.productType,
    productBenefit: product.productBenefit,
    level: product.level,
    purchaseLimit: product.purchaseLimit,
    requestId: requestId(),
  });
  return [
    { method: 'POST', path: '/api/admin/session', expect: { operator: 200, admin: 200 } },
    { method: 'GET', path: '/api/admin/me', expect: { operator: 200, admin: 200 } },
    { method: 'POST', path: '/api/admin/totp/enrol', expect: { operator: 400, admin: 400 } },
    {
      method: 'POST',
      path: '/api/admin/totp/confirm',
      body: () => ({ code: '000000' }),
      expect: { operator: 400, admin: 400 },
    },
    {
      method: 'POST',
      path: '/api/admin/totp/verify',
      body: () => ({ code: '000000' }),
      expect: { operator: 400, admin: 400 },
    },
    { method: 'GET', path: '/api/admin/dashboard?days=30', expect: { operator: 200, admin: 200 } },
    { method: 'GET', path: '/api/admin/usage?days=30', expect: { operator: 200, admin: 200 } },
    { method: 'GET', path: '/api/admin/knowledge', expect: { operator: 200, admin: 200 } },
    { method: 'GET', path: '/api/admin/users?q=target', expect: { operator: 200, admin: 200 } },
    { method: 'GET', path: `/api/admin/users/${target.id}`, expect: { operator: 200, admin: 200 } },
    {
      method: 'POST',
      path: `/api/admin/users/${target.id}/ban`,
      // The operator bans, the admin unbans.
      body: (who) => ({ banned: who === 'operator', reason: 'matrix', requestId: requestId() }),
      expect: { operator: 200, admin: 200 },
    },
    {
      method: 'POST',
      path: `/api/admin/users/${target.id}/membership`,
      body: () => ({ kind: 'vip', amount: 3, reason: 'matrix', requestId: requestId() }),
      expect: { operator: 200, admin: 200 },
    },
    {
      method: 'POST',
      path: `/api/admin/users/${target.id}/role`,
      body: async (who) => ({
        role: 'user',
        reason: 'matrix',
        requestId: requestId(),
        code: who === 'admin' ? await codeFor(srv, admin.id, 1) : '000000',
      }),
      expect: { operator: 403, admin: 200 },
    },
    { method: 'GET', path: '/api/admin/products', expect: { operator: 200, admin: 200 } },
    {
      method: 'POST',
      path: '/api/admin/products',
      // Creating sets a price: without a fresh code even the admin is asked for one (console-products.test.ts).
      body: () => ({ ...productForm(), productCode: 'MATRIX' }),
      expect: { operator: 403, admin: 403 },
    },
    {
      method: 'POST',
      path: `/api/admin/products/${product.id}`,
      body: () => productForm(),
      expect: { operator: 403, admin: 200 },
    },
    {
      method: 'POST',
      path: `/api/admin/products/${product.id}/move`,
      body: () => ({ direction: 'down', requestId: requestId() }),
      expect: { operator: 403, admin: 200 },
    },
    {
      method: 'POST',
      path: `/api/admin/products/${product.id}/enabled`,
      body: () => ({ enabled: false, requestId: requestId() }),
      expect: { operator: 403, admin: 200 },
    },
    { method: 'GET', path: '/api/admin/settings', expect: { operator: 403, admin: 200 } },
    {
      method: 'POST',
      path: '/api/admin/settings',
      body: coded(srv, admin, { values: { COUPON_DAILY_LIMIT: 40 } }),
      expect: { operator: 403, admin: 200 },
    },
    {
      method: 'POST',
      path: '/api/admin/settings/image',
      body: () => ({ image: TINY_PNG }),
      expect: { operator: 403, admin: 200 },
    },
    {
      method: 'POST',
      path: `/api/admin/users/${target.id}/sessions/revoke`,
      body: () => ({ reason: 'matrix', requestId: requestId() }),
      expect: { operator: 200, admin: 200 },
    },
    {
      method: 'POST',
      path: `/api/admin/users/${target.id}/password-reset`,
      body: () => ({ reason: 'matrix', requestId: requestId() }),
      // The admin asks moments after the operator: the reset mail's 119-second gap answers.
      expect: { operator: 200, admin: 429 },
    },
    {
      method: 'POST',
      path: `/api/admin/users/${doomed.id}/delete`,
      body: async (who) => {
        if (who !== 'admin') return { reason: 'matrix', requestId: requestId(), code: '000000' };
        // The role change above used the next time step; this one may use the current step again.
        return { reason: 'matrix', requestId: requestId(), code: await freshCode(srv, admin.id) };
      },
      expect: { operator: 403, admin: 200 },
    },
    {
      method: 'POST',
      path: '/api/admin/codes/batches',
      body: () => ({ label: 'matrix', count: 2, trialDays: 1, validDays: 7, requestId: requestId() }),
      expect: { operator: 403, admin: 200 },
    },
    { method: 'GET', path: '/api/admin/codes/batches', expect: { operator: 403, admin: 200 } },
    { method: 'GET', path: '/api/admin/codes?redeemed=no', expect: { operator: 403, admin: 200 } },
    { method: 'GET', path: '/api/admin/codes/batches/1/codes.csv', expect: { operator: 403, admin: 200 } },
    {
      method: 'POST',
      path: '/api/admin/codes/batches/1/disable',
      body: () => ({ reason: 'matrix', requestId: requestId() }),
      expect: { operator: 403, admin: 200 },
    },
    { method: 'GET', path: '/api/admin/notices', expect: { operator: 200, admin: 200 } },
    {
      method: 'POST',
      path: '/api/admin/notices',
      body: () => ({ kind: 'announcement', content: { 'zh-CN': 'matrix' }, enabled: false, requestId: requestId() }),
      expect: { operator: 200, admin: 200 },
    },
    {
      method: 'POST',
      path: '/api/admin/notices/6',
      body: () => ({ kind: 'announcement', content: { 'zh-CN': 'matrix' }, requestId: requestId() }),
      expect: { operator: 200, admin: 200 },
    },
    { method: 'GET', path: `/api/admin/orders?user=${target.id}`, expect: { operator: 200, admin: 200 } },
    { method: 'GET', path: '/api/admin/orders.csv', expect: { operator: 200, admin: 200 } },
    { method: 'GET', path: `/api/admin/orders/${order.orderNo}`, expect: { operator: 200, admin: 200 } },
    { method: 'POST', path: `/api/admin/orders/${order.orderNo}/query`, expect: { operator: 200, admin: 200 } },
    {
      method: 'POST',
      path: `/api/admin/orders/${order.orderNo}/refund`,
      // The admin refunds one fen of the paid order: a real refund, once.
      body: coded(srv, admin, { amount: 1, reason: 'matrix' }),
      expect: { operator: 403, admin: 200 },
    },
    ...referralProbes(srv, admin, order, withdrawals),
    ...paymentProbes(srv, admin, missed),
    ...complaintProbes(complaint),
    { method: 'GET', path: '/api/admin/channels', expect: { operator: 403, admin: 200 } },
    { method: 'POST', path: '/api/admin/channels', body: () => channelBody(), expect: { operator: 403, admin: 200 } },
    {
      method: 'POST',
      path: `/api/admin/channels/${channel.id}`,
      body: () => channelBody({ baseUrl: 'http://127.0.0.1:1/v1' }),
      expect: { operator: 403, admin: 200 },
    },
    {
      method: 'POST',
      path: `/api/admin/channels/${channel.id}/keys`,
      body: coded(srv, admin, { secret: 'sk-matrix-0002' }),
      expect: { operator: 403, admin: 200 },
    },
    {
      method: 'POST',
      path: `/api/admin/channels/${channel.id}/keys/${channel.keyId}/enabled`,
      body: () => ({ enabled: false, requestId: requestId() }),
      expect: { operator: 403, admin: 200 },
    },
    { method: 'POST', path: `/api/admin/channels/${channel.id}/test`, expect: { operator: 403, admin: 200 } },
    {
      method: 'POST',
      path: `/api/admin/channels/${channel.id}/keys/${channel.keyId}/delete`,
      body: () => ({ requestId: requestId() }),
      expect: { operator: 403, admin: 200 },
    },
    {
      method: 'POST',
      path: `/api/admin/channels/${channel.id}/delete`,
      body: () => ({ requestId: requestId() }),
      expect: { operator: 403, admin: 200 },
    },
    ...assistantProbes(mcp),
    ...creditProbes(srv, admin, target, order),
    { method: 'GET', path: '/api/admin/reports?state=open', expect: { operator: 200, admin: 200 } },
    {
      method: 'POST',
      path: '/api/admin/reports/act',
      // Nothing reported: the dismissal is refused (400) once the guard let it through.
      body: () => ({
        kind: 'drawing',
        id: 'nosuchpicture',
        action: 'dismiss',
        reason: 'matrix',
        requestId: requestId(),
      }),
      expect: { operator: 400, admin: 400 },
    },
    { method: 'GET', path: '/api/admin/review', expect: { operator: 200, admin: 200 } },
    {
      method: 'POST',
      path: '/api/admin/review/decide',
      // Nothing is pending: the decision finds no item to move.
      body: () => ({ kind: 'drawing', id: 'nothing', action: 'approve', reason: 'matrix', requestId: requestId() }),
      expect: { operator: 409, admin: 409 },
    },
    { method: 'GET', path: '/api/admin/words', expect: { operator: 200, admin: 200 } },
    {
      method: 'POST',
      path: '/api/admin/words',
      body: () => ({
        words: { violation: ['矩阵词'], sensitive: [], removed: [] },
        reason: 'matrix',
        requestId: requestId(),
      }),
      expect: { operator: 200, admin: 200 },
    },
    {
      method: 'POST',
      path: '/api/admin/words/revert',
      body: () => ({ id: 1, reason: 'matrix', requestId: requestId() }),
      expect: { operator: 200, admin: 200 },
    },
    { method: 'GET', path: '/api/admin/audit?pageSize=5', expect: { operator: 200, admin: 200 } },
    { method: 'GET', path: '/api/admin/audit.csv', expect: { operator: 200, admin: 200 } },
    { method: 'POST', path: '/api/admin/logout', expect: { operator: 200, admin: 200 } },
  ];
};
