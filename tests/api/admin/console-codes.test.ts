import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, experienceCodes } from '../../../src/server/db/schema';
import { issueCodes } from '../../../src/server/services/activity/experience-codes';
import { startTestServer, type TestServer } from '../helpers';
import { makeStaff, makeUser, requestId, type Staff } from './admin-helpers';

let srv: TestServer;
let admin: Staff;
let operator: Staff;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await makeStaff(srv, 'codes-admin@example.com', 'admin');
  operator = await makeStaff(srv, 'codes-operator@example.com', 'operator');
}, 60_000);
afterAll(() => srv?.dispose());

const as = (s: Staff) => ({ cookie: s.cookie });
const generate = (body: Record<string, unknown>, who = admin) =>
  srv.call(
    'POST',
    '/api/admin/codes/batches',
    { label: 'group', count: 5, trialDays: 2, validDays: 30, requestId: requestId(), ...body },
    as(who),
  );
const auditOf = (action: string) =>
  srv.runtime.database.db.select().from(adminAudit).where(eq(adminAudit.action, action));

describe('console experience codes', () => {
  it('generates a batch of distinct codes once per request id, with one audit row', async () => {
    const id = requestId();
    const [first, again] = await Promise.all([
      generate({ count: 300, requestId: id }),
      generate({ count: 300, requestId: id }),
    ]);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect([first.body.data.applied, again.body.data.applied].sort()).toEqual([false, true]);
    const made = [first, again].find((r) => r.body.data.applied)?.body.data;
    expect(made).toMatchObject({ codes: 300, count: 300, trialDays: 2, label: 'group' });

    const rows = await srv.runtime.database.db
      .select()
      .from(experienceCodes)
      .where(eq(experienceCodes.batchId, made.id));
    expect(rows).toHaveLength(300);
    expect(new Set(rows.map((r) => r.code)).size).toBe(300);
    for (const r of rows) expect(r.code).toMatch(/^[A-HJKMNP-Z2-9]{10}$/);
    const audit = (await auditOf('codes.generate')).filter((a) => a.targetId === String(made.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: 'codes-admin@example.com', requestId: id });
  });

  it('lists codes the command line issued as a batch of their own', async () => {
    const codes = await issueCodes(srv.runtime.database.db, { count: 2, source: 'cli', trialDays: 1, validDays: 7 });
    const batches = await srv.call('GET', '/api/admin/codes/batches', undefined, as(admin));
    const cli = batches.body.data.records.find((b: { label: string }) => b.label === 'cli');
    expect(cli).toMatchObject({ count: 2, redeemed: 0 });
    const listed = await srv.call('GET', `/api/admin/codes?batchId=${cli.id}`, undefined, as(admin));
    expect(listed.body.data.records.map((r: { code: string }) => r.code).sort()).toEqual([...codes].sort());
  });

  it('refuses bad input with translated messages, never a 500', async () => {
    for (const body of [{ count: 0 }, { count: 5001 }, { trialDays: 0 }, { validDays: 'x' }, { label: '' }]) {
      const res = await generate(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.result).toMatch(/\p{Script=Han}/u);
    }
    const en = await srv.call(
      'POST',
      '/api/admin/codes/batches',
      { count: 5 },
      { cookie: `${admin.cookie}; lang=en-US` },
    );
    expect(en.status).toBe(400);
    expect(en.body.result).toMatch(/^[\x20-\x7e]+$/);
  });

  it('does not let an operator generate, list, export or disable codes', async () => {
    expect((await generate({}, operator)).status).toBe(403);
    for (const path of ['/api/admin/codes', '/api/admin/codes/batches', '/api/admin/codes/batches/1/codes.csv'])
      expect((await srv.call('GET', path, undefined, as(operator))).status, path).toBe(403);
    const off = await srv.call(
      'POST',
      '/api/admin/codes/batches/1/disable',
      { reason: 'x', requestId: requestId() },
      as(operator),
    );
    expect(off.status).toBe(403);
  });

  it('shows who redeemed a code and when, filters, exports CSV, and disables the rest', async () => {
    const batch = (await generate({ label: 'campaign', count: 3 })).body.data;
    const codes = await srv.call('GET', `/api/admin/codes?batchId=${batch.id}`, undefined, as(admin));
    expect(codes.body.data.total).toBe(3);
    const [first] = codes.body.data.records as { code: string }[];
    if (!first) throw new Error('setup');

    const user = await makeUser(srv, 'code-redeemer@example.com');
    const redeemed = await srv.call('POST', '/api/coupon/redeem', { code: first.code }, user.headers);
    expect(redeemed.body.code).toBe(1000000);

    const done = await srv.call('GET', `/api/admin/codes?batchId=${batch.id}&redeemed=yes`, undefined, as(admin));
    expect(done.body.data.records).toEqual([
      expect.objectContaining({
        code: first.code,
        redeemedBy: user.id,
        redeemerEmail: 'code-redeemer@example.com',
        redeemedAt: expect.any(String),
      }),
    ]);
    const byEmail = await srv.call('GET', '/api/admin/codes?q=code-redeemer', undefined, as(admin));
    expect(byEmail.body.data.records.map((r: { code: string }) => r.code)).toEqual([first.code]);
    const open = await srv.call('GET', `/api/admin/codes?batchId=${batch.id}&redeemed=no`, undefined, as(admin));
    expect(open.body.data.total).toBe(2);

    const csv = await srv.call('GET', `/api/admin/codes/batches/${batch.id}/codes.csv`, undefined, as(admin));
    expect(csv.status).toBe(200);
    const text = String(csv.body);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('code,state,trial_days,expires_at,redeemed_by,redeemer_email,redeemed_at');
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.includes(first.code))).toContain('"redeemed"');
    expect(lines.find((l) => l.includes(first.code))).toContain('"code-redeemer@example.com"');
    expect(await auditOf('codes.export')).toHaveLength(1);

    const id = requestId();
    const off = await srv.call(
      'POST',
      `/api/admin/codes/batches/${batch.id}/disable`,
      { reason: 'leaked', requestId: id },
      as(admin),
    );
    expect(off.body.data).toEqual({ applied: true, disabled: 2 });
    const repeat = await srv.call(
      'POST',
      `/api/admin/codes/batches/${batch.id}/disable`,
      { reason: 'leaked', requestId: id },
      as(admin),
    );
    expect(repeat.body.data).toEqual({ applied: false });
    expect(await auditOf('codes.disable')).toEqual([
      expect.objectContaining({ reason: 'leaked', after: { disabled: 2 } }),
    ]);

    const [left] = open.body.data.records as { code: string }[];
    const other = await makeUser(srv, 'late-redeemer@example.com');
    const late = await srv.call('POST', '/api/coupon/redeem', { code: left?.code }, other.headers);
    expect(late.body).toMatchObject({ code: 1000812, result: '该体验码已停用' });

    const batches = await srv.call('GET', '/api/admin/codes/batches', undefined, as(admin));
    expect(batches.body.data.records[0]).toMatchObject({ id: batch.id, count: 3, redeemed: 1, disabled: 2 });
  });
});
