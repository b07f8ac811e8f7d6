// Retention (docs/retention.md): the scheduled sweep deletes exactly what is past its console-set
// period, never less than the minimum, and never the evidence of a question still open.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminTotp,
  generationLogs,
  paymentRecords,
  reconcileDiffs,
  reconciliations,
} from '../../../src/server/db/schema';
import { logGeneration } from '../../../src/server/services/compliance/generation-log';
import { applyRetention, monthsBefore } from '../../../src/server/services/compliance/retention';
import { codeFor, makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';

let srv: TestServer;
let admin: Staff;
const DAY = 86_400_000;
const NOW = new Date('2030-06-01T00:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

beforeAll(async () => {
  srv = await startTestServer();
  // The test runs the sweep itself, at the time it chooses.
  await srv.runtime.jobs.retention.stop();
  admin = await makeStaff(srv, 'retention-admin@example.com', 'admin');
}, 60_000);
afterAll(() => srv?.dispose());

async function freshCode() {
  await srv.runtime.database.db.update(adminTotp).set({ lastStep: null }).where(eq(adminTotp.userId, admin.id));
  return codeFor(srv, admin.id);
}
const setting = async (values: Record<string, number>) =>
  srv.call(
    'POST',
    '/api/admin/settings',
    { values, requestId: requestId(), code: await freshCode() },
    { cookie: admin.cookie },
  );

async function record(orderNo: string, at: Date, review: 'open' | 'dismissed' | null = null) {
  const [r] = await srv.runtime.database.db
    .insert(paymentRecords)
    .values({ orderNo, provider: 'wechatpay', source: 'query', outcome: 'unpaid', raw: '{}', at, review })
    .returning({ id: paymentRecords.id });
  return r?.id ?? 0;
}
const left = async () =>
  (await srv.runtime.database.db.select({ id: paymentRecords.id }).from(paymentRecords)).map((r) => r.id).sort();

describe('payment records', () => {
  it('go after 180 days by default, to the minute; an order with an open missed payment or an unresolved difference keeps all of its', async () => {
    const past = await record('MBRET0001', ago(180 * DAY + 60_000));
    const young = await record('MBRET0001', ago(180 * DAY - 60_000));
    const openOld = await record('MBRET0002', ago(400 * DAY));
    const openMark = await record('MBRET0002', ago(DAY), 'open');
    const dismissed = await record('MBRET0003', ago(400 * DAY), 'dismissed');
    const diffOld = await record('MBRET0004', ago(400 * DAY));
    const resolvedOld = await record('MBRET0007', ago(400 * DAY));
    const [run] = await srv.runtime.database.db
      .insert(reconciliations)
      .values({ provider: 'wechatpay', billDate: '2029-05-01', status: 'done' })
      .returning();
    const diff = { runId: run?.id ?? 0, kind: 'amount' as const, billAmount: 1, ourAmount: 2 };
    await srv.runtime.database.db.insert(reconcileDiffs).values([
      { ...diff, orderNo: 'MBRET0004' },
      // A difference an admin resolved no longer keeps its order's records.
      { ...diff, orderNo: 'MBRET0007', resolvedAt: ago(DAY), resolution: 'fee' },
    ]);

    expect(await applyRetention(srv.runtime, NOW)).toMatchObject({ paymentRecords: 3 });
    expect(await left()).toEqual([young, openOld, openMark, diffOld].sort());
    expect(resolvedOld).toBeGreaterThan(0);
    expect(past && dismissed).toBeGreaterThan(0);
    // A second sweep finds nothing more.
    expect(await applyRetention(srv.runtime, NOW)).toMatchObject({ paymentRecords: 0 });
  });

  it('follow the console’s period, which may not go under 180 days', async () => {
    const keptLonger = await record('MBRET0005', ago(200 * DAY));
    const bad = await setting({ PAYMENT_RECORDS_KEEP_DAYS: 179 });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toBeTruthy();
    expect((await setting({ PAYMENT_RECORDS_KEEP_DAYS: 365 })).status).toBe(200);
    await applyRetention(srv.runtime, NOW);
    expect(await left()).toContain(keptLonger);
    const gone = await record('MBRET0006', ago(366 * DAY));
    expect((await applyRetention(srv.runtime, NOW)).paymentRecords).toBe(1);
    expect(await left()).not.toContain(gone);
  });
});

describe('generation logs', () => {
  const logs = (userId: number) =>
    srv.runtime.database.db.select().from(generationLogs).where(eq(generationLogs.userId, userId));
  async function logAt(userId: number, at: Date, prompt: string) {
    await logGeneration(srv.runtime.database.db, { userId, kind: 'chat', prompt, outputRef: 'conversation:1' });
    await srv.runtime.database.db.update(generationLogs).set({ at }).where(eq(generationLogs.prompt, prompt));
  }

  it('go after six months by default, to the minute, and after the console’s period (never under six)', async () => {
    const u = await createUserWithToken(srv, 'gen-logs@example.com');
    const sixMonths = monthsBefore(NOW, 6);
    expect(sixMonths.toISOString()).toBe('2029-12-01T00:00:00.000Z');
    await logAt(u.id, new Date(sixMonths.getTime() - 60_000), 'past six months');
    await logAt(u.id, new Date(sixMonths.getTime() + 60_000), 'inside six months');
    await logAt(u.id, monthsBefore(NOW, 9), 'nine months ago');
    expect((await applyRetention(srv.runtime, NOW)).generationLogs).toBe(2);
    expect((await logs(u.id)).map((r) => r.prompt)).toEqual(['inside six months']);

    expect((await setting({ GENERATION_LOGS_KEEP_MONTHS: 5 })).status).toBe(400);
    expect((await setting({ GENERATION_LOGS_KEEP_MONTHS: 12 })).status).toBe(200);
    await logAt(u.id, monthsBefore(NOW, 11), 'eleven months ago');
    await logAt(u.id, new Date(monthsBefore(NOW, 12).getTime() - 60_000), 'past a year');
    expect((await applyRetention(srv.runtime, NOW)).generationLogs).toBe(1);
    expect((await logs(u.id)).map((r) => r.prompt).sort()).toEqual(['eleven months ago', 'inside six months']);
  });

  it('record a drawing asked; an account’s deletion keeps the row without the prompt’s text', async () => {
    const u = await createUserWithToken(srv, 'gen-deleted@example.com');
    const res = await srv.call('POST', '/api/sd/submit/imagine', { drawRate: '1:1', prompt: '湖边的灯塔' }, u.headers);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000000);
    const [row] = await logs(u.id);
    expect(row).toMatchObject({ kind: 'drawing', prompt: '湖边的灯塔', outputRef: res.body.mjChatMessage.id });
    expect(row?.promptHash).toMatch(/^[0-9a-f]{64}$/);
    // The owner's data export carries the record; another account's carries none of it.
    const exported = await srv.call('GET', '/api/user/export', undefined, u.headers);
    expect(exported.body.data.generations).toEqual([
      { at: row?.at.toISOString(), kind: 'drawing', prompt: '湖边的灯塔', outputRef: row?.outputRef },
    ]);
    const other = await createUserWithToken(srv, 'gen-other@example.com');
    expect((await srv.call('GET', '/api/user/export', undefined, other.headers)).body.data.generations).toEqual([]);
    const deleted = await srv.call('POST', '/api/user/delete', { confirm: true, password: 'secret123' }, u.headers);
    expect(deleted.body.code, JSON.stringify(deleted.body)).toBe(200);
    expect(await logs(u.id)).toEqual([{ ...row, prompt: null, ip: null }]);
  });
});
