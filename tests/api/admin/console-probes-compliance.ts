// The console's complaint queue and unlabelled downloads in the route matrix (console-probes.ts). The operator's pass runs
// first and closes the complaint, so the admin's reply and close find it closed (400).
import { complaints } from '../../../src/server/db/schema';
import type { TestServer } from '../helpers';
import { requestId } from './admin-helpers';
import type { Probe } from './console-probes';

/** `complaint`: an open complaint filed by a visitor (made by the test's beforeAll). */
export const complaintProbes = (complaint: { id: number }): Probe[] => [
  { method: 'GET', path: '/api/admin/complaints', expect: { operator: 200, admin: 200 } },
  { method: 'GET', path: `/api/admin/complaints/${complaint.id}`, expect: { operator: 200, admin: 200 } },
  {
    method: 'POST',
    path: `/api/admin/complaints/${complaint.id}/reply`,
    body: () => ({ text: 'matrix', requestId: requestId() }),
    expect: { operator: 200, admin: 400 },
  },
  {
    method: 'POST',
    path: `/api/admin/complaints/${complaint.id}/takedown`,
    // No such picture: refused after the guard let both roles through.
    body: () => ({ kind: 'drawing', itemId: 'no-such-task', reason: 'matrix', requestId: requestId() }),
    expect: { operator: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: `/api/admin/complaints/${complaint.id}/close`,
    body: () => ({ reason: 'matrix', requestId: requestId() }),
    expect: { operator: 200, admin: 400 },
  },
  { method: 'GET', path: '/api/admin/unlabelled', expect: { operator: 200, admin: 200 } },
  {
    method: 'POST',
    path: '/api/admin/unlabelled',
    // No such picture: refused after the guard let both roles through, before a code is asked.
    body: () => ({ kind: 'drawing', itemId: 'no-such-task', reason: 'matrix', code: '000000' }),
    expect: { operator: 404, admin: 404 },
  },
];

/** Files a complaint as a visitor and answers its console id. */
export async function fileComplaint(srv: TestServer): Promise<{ id: number }> {
  const res = await srv.call(
    'POST',
    '/api/complaints',
    { category: 'other', address: '/square', description: 'matrix', email: 'filer@example.com' },
    { 'x-forwarded-for': '203.0.113.90' },
  );
  if (res.status !== 200) throw new Error(`complaint not filed: ${JSON.stringify(res.body)}`);
  const [row] = await srv.runtime.database.db.select({ id: complaints.id }).from(complaints);
  return { id: row?.id ?? 0 };
}
