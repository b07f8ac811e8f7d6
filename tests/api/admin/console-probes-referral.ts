// The console's referral routes (docs/referral.md#console) in the route matrix (console-probes.ts):
// invites, the overview, a refund's reversal preview, and two pending withdrawals, one paid and one rejected.
import type { TestServer } from '../helpers';
import { requestId, type Staff } from './admin-helpers';
import type { Probe } from './console-probes';
import { coded } from './order-helpers';

export const referralProbes = (
  srv: TestServer,
  admin: Staff,
  order: { orderNo: string },
  withdrawals: { pay: string; reject: string },
): Probe[] => [
  { method: 'GET', path: '/api/admin/referral/invites', expect: { operator: 200, admin: 200 } },
  { method: 'GET', path: '/api/admin/referral/overview', expect: { operator: 200, admin: 200 } },
  { method: 'GET', path: '/api/admin/referral/withdrawals?status=pending', expect: { operator: 200, admin: 200 } },
  {
    method: 'GET',
    path: `/api/admin/referral/orders/${order.orderNo}/reversal?amount=1`,
    expect: { operator: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: `/api/admin/referral/withdrawals/${withdrawals.pay}/pay`,
    body: coded(srv, admin, { reason: 'matrix' }),
    expect: { operator: 403, admin: 200 },
  },
  {
    method: 'POST',
    path: `/api/admin/referral/withdrawals/${withdrawals.reject}/reject`,
    body: () => ({ reason: 'matrix', requestId: requestId() }),
    expect: { operator: 403, admin: 200 },
  },
];
