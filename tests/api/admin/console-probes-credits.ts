// The console's credits routes (docs/credits.md#console), for console-probes.ts's matrix.
import type { TestServer } from '../helpers';
import { requestId, type Staff } from './admin-helpers';
import type { Probe } from './console-probes';
import { coded } from './order-helpers';

const prices = { chat: [], drawing: [], song: 0, embedding: 0, search: 0, checkIn: [0, 0, 0, 0, 0, 0, 0] };

export const creditProbes = (
  srv: TestServer,
  admin: Staff,
  target: { id: number },
  order: { orderNo: string },
): Probe[] => [
  { method: 'GET', path: '/api/admin/credits/prices', expect: { operator: 200, admin: 200 } },
  {
    method: 'POST',
    path: '/api/admin/credits/prices',
    body: () => ({ ...prices, requestId: requestId() }),
    expect: { operator: 403, admin: 200 },
  },
  { method: 'GET', path: '/api/admin/credits/summary?days=30', expect: { operator: 200, admin: 200 } },
  {
    method: 'GET',
    path: `/api/admin/credits/orders/${order.orderNo}/refund?amount=1`,
    expect: { operator: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: `/api/admin/users/${target.id}/credits`,
    body: coded(srv, admin, { amount: 10, reason: 'matrix' }),
    expect: { operator: 403, admin: 200 },
  },
];
