// The console's payments routes in the route matrix (console-probes.ts): missed payments and reconciliations.
import type { TestServer } from '../helpers';
import { requestId, type Staff } from './admin-helpers';
import type { Probe } from './console-probes';
import { coded } from './order-helpers';

/** `missed`: an open missed payment of a plain user's unpaid order (made by the test's beforeAll). */
export const paymentProbes = (srv: TestServer, admin: Staff, missed: { id: number }): Probe[] => [
  { method: 'GET', path: '/api/admin/payments/missed', expect: { operator: 200, admin: 200 } },
  {
    method: 'POST',
    path: `/api/admin/payments/missed/${missed.id}/credit`,
    body: coded(srv, admin, { reason: 'matrix' }),
    expect: { operator: 403, admin: 200 },
  },
  {
    method: 'POST',
    path: `/api/admin/payments/missed/${missed.id}/dismiss`,
    // Credited just before: the admin's dismissal finds it reviewed (applied false).
    body: () => ({ reason: 'matrix', requestId: requestId() }),
    expect: { operator: 403, admin: 200 },
  },
  { method: 'GET', path: '/api/admin/payments/reconciliations', expect: { operator: 200, admin: 200 } },
  {
    method: 'POST',
    path: '/api/admin/payments/reconciliations',
    // The sandbox keeps no bills: refused once the guard let the admin through.
    body: () => ({ date: '2026-01-01' }),
    expect: { operator: 403, admin: 400 },
  },
  {
    method: 'POST',
    path: '/api/admin/payments/reconciliations/diffs/2147483647/resolve',
    // No such difference: the guard lets the admin through to a 404.
    body: () => ({ reason: 'matrix', requestId: requestId() }),
    expect: { operator: 403, admin: 404 },
  },
];
