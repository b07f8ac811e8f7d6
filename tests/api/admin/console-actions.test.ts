import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, users } from '../../../src/server/db/schema';
import { startTestServer, type TestServer } from '../helpers';
import { makeStaff, makeUser, requestId, type Staff } from './admin-helpers';

let srv: TestServer;
let op: Staff;

beforeAll(async () => {
  srv = await startTestServer();
  op = await makeStaff(srv, 'op@example.com', 'operator');
}, 60_000);
afterAll(() => srv?.dispose());

const DAY = 86_400_000;
const auditRows = async (targetId: number) =>
  srv.runtime.database.db
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.targetId, String(targetId)));

describe('console actions', () => {
  it('ban revokes sessions and blocks login with a clear message; unban lets the user in again', async () => {
    const u = await makeUser(srv, 'banned@example.com');
    expect((await srv.call('GET', '/api/user/info', undefined, u.headers)).status).toBe(200);
    const ban = await srv.call(
      'POST',
      `/api/admin/users/${u.id}/ban`,
      { banned: true, reason: 'spam', requestId: requestId() },
      { cookie: op.cookie },
    );
    expect(ban.body.data).toEqual({ applied: true });
    expect((await srv.call('GET', '/api/user/info', undefined, u.headers)).status).toBe(401);
    const login = () =>
      srv.call(
        'POST',
        '/api/user/login/email',
        { username: 'banned@example.com', password: 'secret123' },
        { cookie: 'lang=en-US' },
      );
    const refused = await login();
    expect([refused.status, refused.body.result]).toEqual([403, expect.stringMatching(/suspended/)]);
    // A reason is required.
    const noReason = await srv.call(
      'POST',
      `/api/admin/users/${u.id}/ban`,
      { banned: false, reason: ' ', requestId: requestId() },
      { cookie: op.cookie },
    );
    expect(noReason.status).toBe(400);
    await srv.call(
      'POST',
      `/api/admin/users/${u.id}/ban`,
      { banned: false, reason: 'appeal', requestId: requestId() },
      { cookie: op.cookie },
    );
    expect((await login()).status).toBe(200);
    const rows = await auditRows(u.id);
    expect(rows.map((r) => [r.action, r.reason, r.actorId])).toEqual([
      ['user.ban', 'spam', op.id],
      ['user.unban', 'appeal', op.id],
    ]);
    expect(rows[0]?.before).toEqual({ bannedAt: null });
    expect(rows[0]?.ip).toBe('127.0.0.1');
  });

  it('applies one grant once under concurrent clicks, and each distinct grant once', async () => {
    const u = await makeUser(srv, 'member@example.com');
    const grant = (id: string, amount: number) =>
      srv.call(
        'POST',
        `/api/admin/users/${u.id}/membership`,
        { kind: 'vip', amount, reason: 'support', requestId: id },
        { cookie: op.cookie },
      );
    const same = requestId();
    const clicks = await Promise.all(Array.from({ length: 6 }, () => grant(same, 10)));
    expect(clicks.map((r) => r.body.data.applied).filter(Boolean)).toHaveLength(1);
    await Promise.all([grant(requestId(), 5), grant(requestId(), 5)]);
    const end = async () =>
      (await srv.runtime.database.db.select().from(users).where(eq(users.id, u.id)))[0]?.endDate?.getTime() ?? 0;
    expect(Math.round((await end()) / DAY - Date.now() / DAY)).toBe(20);
    // Shortening never ends before now.
    await grant(requestId(), -100);
    expect(Math.abs((await end()) - Date.now())).toBeLessThan(60_000);
    const rows = await auditRows(u.id);
    expect(rows).toHaveLength(4);
    expect(rows[0]?.after).toMatchObject({ vipType: 1 });
    // The user's own profile shows the membership.
    const info = await srv.call('GET', '/api/user/info', undefined, u.headers);
    expect(info.body.data.vipType).toBe(1);
  });

  it('keeps the audit log append-only, filterable and exportable', async () => {
    const db = srv.runtime.database.db;
    await expect(db.update(adminAudit).set({ reason: 'x' })).rejects.toThrow();
    await expect(db.delete(adminAudit)).rejects.toThrow();
    const list = await srv.call('GET', '/api/admin/audit?action=user.ban', undefined, { cookie: op.cookie });
    expect(list.body.data.records.map((r: { action: string }) => r.action)).toEqual(['user.ban']);
    const csv = await srv.call('GET', '/api/admin/audit.csv?action=membership.vip', undefined, { cookie: op.cookie });
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain('"membership.vip"');
  });

  it('exports a formula typed as a reason as text, so a spreadsheet does not run it', async () => {
    const u = await makeUser(srv, 'formula@example.com');
    const reason = '=HYPERLINK("http://evil.example/","click")';
    const ban = await srv.call(
      'POST',
      `/api/admin/users/${u.id}/ban`,
      { banned: true, reason, requestId: requestId() },
      { cookie: op.cookie },
    );
    expect(ban.body.data).toEqual({ applied: true });
    const csv = await srv.call('GET', '/api/admin/audit.csv?action=user.ban', undefined, { cookie: op.cookie });
    const line = String(csv.body)
      .split('\r\n')
      .find((l) => l.includes('HYPERLINK'));
    expect(line).toContain(`,"'=HYPERLINK(""http://evil.example/"",""click"")",`);
  });

  it('finds users by e-mail, nickname, id and WeChat openId', async () => {
    const u = await makeUser(srv, 'findme@example.com');
    await srv.runtime.database.db
      .update(users)
      .set({ nickname: 'Nick Finder', wechatOpenId: 'oWX-find-1' })
      .where(eq(users.id, u.id));
    for (const q of ['findme', 'nick fin', String(u.id), 'oWX-find-1']) {
      const res = await srv.call('GET', `/api/admin/users?q=${encodeURIComponent(q)}`, undefined, {
        cookie: op.cookie,
      });
      expect(
        res.body.data.map((r: { id: number }) => r.id),
        q,
      ).toContain(u.id);
    }
    const detail = await srv.call('GET', `/api/admin/users/${u.id}`, undefined, { cookie: op.cookie });
    expect(detail.body.data).toMatchObject({ email: 'findme@example.com', wechatOpenId: 'oWX-find-1', orders: [] });
  });

  it('counts real rows on the dashboard', async () => {
    const res = await srv.call('GET', '/api/admin/dashboard?days=7', undefined, { cookie: op.cookie });
    expect(res.body.data.series).toHaveLength(7);
    // Every user made in this file was made today.
    expect(res.body.data.series.at(-1).newUsers).toBe(res.body.data.totals.newUsers);
    expect(res.body.data.totals.newUsers).toBeGreaterThanOrEqual(4);
    expect(res.body.data.totals.activeMembers).toBe(0);
  });
});
