import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../fixtures/attachment-files';
import { makeStaff, type Staff } from '../admin/admin-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { addAndSettle, createBase } from './knowledge-helpers';

// The console's knowledge-base page (docs/console.md): per user, size, files, failures.

let srv: TestServer;
let op: Staff;

beforeAll(async () => {
  srv = await startTestServer();
  op = await makeStaff(srv, 'kb-op@example.com', 'operator');
}, 60_000);
afterAll(() => srv?.dispose());

describe('console: knowledge bases per user', () => {
  it('lists each user with bases, files, bytes, passages and failures, biggest first; search narrows it', async () => {
    const big = await createUserWithToken(srv, 'kb-big@example.com');
    const small = await createUserWithToken(srv, 'kb-small@example.com');
    const a = await createBase(srv, big, '大');
    await createBase(srv, big, '空');
    await addAndSettle(srv, big, a.id, { name: 'a.txt', bytes: '很长的一段文字。'.repeat(40) });
    const bad = await addAndSettle(srv, big, a.id, { name: 'x.pdf', bytes: makePdf('x', { encrypted: true }) });
    expect(bad.status).toBe('failed');
    const b = await createBase(srv, small, '小');
    await addAndSettle(srv, small, b.id, { name: 'b.txt', bytes: '短。' });

    const res = await srv.call('GET', '/api/admin/knowledge', undefined, { cookie: op.cookie });
    expect(res.status).toBe(200);
    const { users, totals, total, mode, vectorIndex } = res.body.data;
    expect(total).toBe(2);
    expect(users.map((u: { email: string }) => u.email)).toEqual(['kb-big@example.com', 'kb-small@example.com']);
    expect(users[0]).toMatchObject({ bases: 2, files: 2, failed: 1, working: 0 });
    expect(users[0].bytes).toBeGreaterThan(users[1].bytes);
    expect(users[0].chunks).toBeGreaterThan(0);
    expect(totals).toMatchObject({ bases: 3, files: 3, failed: 1 });
    expect([mode, vectorIndex]).toEqual(['keyword', 'none']);
    const found = await srv.call('GET', '/api/admin/knowledge?search=small', undefined, { cookie: op.cookie });
    expect(found.body.data.users.map((u: { email: string }) => u.email)).toEqual(['kb-small@example.com']);
    // Not a console session: the route does not exist.
    expect((await srv.call('GET', '/api/admin/knowledge', undefined, big.headers)).status).toBe(404);
  });
});
