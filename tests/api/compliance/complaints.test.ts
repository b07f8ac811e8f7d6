// The complaint desk (docs/compliance.md): filing without an account, the ticket mail, the status
// lookup that tells nothing of other tickets, the console's queue, reply, close and takedown.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, complaints, drawings } from '../../../src/server/db/schema';
import { makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { mailsTo } from '../admin/order-helpers';
import { startDrawServer, submit, waitForStatus } from '../drawing/draw-helpers';
import { createUserWithToken, type TestServer } from '../helpers';

let srv: TestServer;
let operator: Staff;

beforeAll(async () => {
  srv = await startDrawServer({ COMPLAINT_HANDLING_DAYS: '3', IP_LIMIT_SCALE: '1', TRUST_PROXY: 'true' });
  operator = await makeStaff(srv, 'desk-operator@example.com', 'operator');
}, 60_000);
afterAll(() => srv?.dispose());

const file = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  srv.call('POST', '/api/complaints', body, { 'x-forwarded-for': '203.0.113.7', ...headers });
const lookup = (ticket: string, email: string) =>
  srv.call('POST', '/api/complaints/status', { ticket, email }, { 'x-forwarded-for': '203.0.113.8' });
const consoleCall = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  srv.call(method, `/api/admin/complaints${path}`, body, { cookie: operator.cookie });

describe('the complaint desk', () => {
  let ticket = '';
  let id = 0;

  it('takes a complaint without an account: a ticket, the handling time, and an e-mail', async () => {
    const res = await file({
      category: 'infringement',
      address: `${srv.runtime.env.PUBLIC_ORIGIN}/square/abc`,
      description: '这张图使用了我的摄影作品',
      email: 'Filer@Example.com',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ handlingDays: 3 });
    ticket = res.body.data.ticket;
    expect(ticket).toMatch(/^TS\d{8}[A-Z0-9]{8}$/);
    // Three working days: never sooner than three days, never more than five (a weekend between).
    const dueIn = (Date.parse(res.body.data.dueAt) - Date.now()) / 86_400_000;
    expect(dueIn).toBeGreaterThan(2);
    expect(dueIn).toBeLessThan(6);
    const [mail] = await mailsTo(srv, 'filer@example.com');
    expect(mail?.subject).toContain(ticket);
    expect(mail?.text).toContain('3 个工作日');
    const [row] = await srv.runtime.database.db.select().from(complaints).where(eq(complaints.ticket, ticket));
    id = row?.id ?? 0;
    expect(row).toMatchObject({ email: 'filer@example.com', status: 'open', category: 'infringement' });
  });

  it('refuses bad input with a translated message, storing nothing', async () => {
    const before = (await srv.runtime.database.db.select().from(complaints)).length;
    const bad = [
      { category: 'spam', address: 'x', description: 'y', email: 'a@example.com' },
      { category: 'other', address: 'x', description: 'y', email: '' },
      { category: 'other', address: 'x'.repeat(501), description: 'y', email: 'a@example.com' },
      { category: 'other', address: 'x', description: '', email: 'a@example.com' },
    ];
    for (const body of bad) {
      const res = await file(body, { 'accept-language': 'en-US', cookie: 'lang=en-US' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.result).toMatch(/[A-Za-z]/);
    }
    expect((await srv.runtime.database.db.select().from(complaints)).length).toBe(before);
  });

  it('shows the status only for the ticket and its e-mail together; any wrong pair gets the same answer', async () => {
    const right = await lookup(ticket.toLowerCase(), 'FILER@example.com');
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.data).toMatchObject({ ticket, status: 'open', replies: [] });
    const answers = await Promise.all([
      lookup(ticket, 'someone@example.com'),
      lookup('TS20260101AAAAAAAA', 'filer@example.com'),
      lookup('not-a-ticket', 'filer@example.com'),
    ]);
    for (const a of answers)
      expect({ status: a.status, body: a.body }).toEqual({ status: 404, body: answers[0]?.body });
  });

  it('limits complaints per address through the rate limiter', async () => {
    const body = { category: 'other', address: 'x', description: 'y', email: 'many@example.com' };
    const ip = { 'x-forwarded-for': '198.51.100.9' };
    for (let i = 0; i < 5; i++) expect((await file(body, ip)).status).toBe(200);
    const refused = await file(body, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.result).toBeTruthy();
  });

  it('lists tickets in the console soonest due first, with overdue ones marked', async () => {
    await srv.runtime.database.db
      .update(complaints)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(complaints.id, id));
    const res = await consoleCall('GET', '?state=active');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.records[0]).toMatchObject({ id, ticket, overdue: true, status: 'open' });
    expect(res.body.data.records.slice(1).every((r: { overdue: boolean }) => !r.overdue)).toBe(true);
    const detail = await consoleCall('GET', `/${id}`);
    expect(detail.body.data).toMatchObject({
      description: '这张图使用了我的摄影作品',
      target: { kind: 'drawing', id: 'abc' },
    });
  });

  it('replies by e-mail (stored, audited, once per request id) and the lookup shows the reply', async () => {
    const rid = requestId();
    const body = { text: '我们已核实并下架该图片。', requestId: rid };
    expect((await consoleCall('POST', `/${id}/reply`, body)).body.data).toEqual({ applied: true });
    expect((await consoleCall('POST', `/${id}/reply`, body)).body.data).toEqual({ applied: false });
    const mails = await mailsTo(srv, 'filer@example.com');
    expect(mails.filter((m) => m.text?.includes('我们已核实并下架该图片。'))).toHaveLength(1);
    const status = await lookup(ticket, 'filer@example.com');
    expect(status.body.data).toMatchObject({ status: 'replied', replies: [{ text: '我们已核实并下架该图片。' }] });
    const audit = await srv.runtime.database.db.select().from(adminAudit).where(eq(adminAudit.requestId, rid));
    expect(audit).toMatchObject([{ action: 'complaint.reply', targetId: ticket, actorId: operator.id }]);
  });

  it("takes down a square picture through moderation's own action", async () => {
    const u = await createUserWithToken(srv, 'complained-of@example.com');
    const task = await submit(srv, u.headers, { prompt: '湖边的树' });
    await waitForStatus(srv, u.headers, task.id, [10]);
    const shown = await srv.call('POST', '/api/sd/visibility', { id: task.id, drawPublicFlag: 1 }, u.headers);
    expect(shown.status).toBe(200);
    const rid = requestId();
    const res = await consoleCall('POST', `/${id}/takedown`, {
      kind: 'drawing',
      itemId: task.id,
      reason: '侵权',
      requestId: rid,
    });
    expect(res.body.data, JSON.stringify(res.body)).toEqual({ applied: true });
    const [d] = await srv.runtime.database.db.select().from(drawings).where(eq(drawings.taskId, task.id));
    expect(d?.review).toBe('hidden');
    const [audit] = await srv.runtime.database.db.select().from(adminAudit).where(eq(adminAudit.requestId, rid));
    expect(audit).toMatchObject({ action: 'report.hide', targetId: task.id, reason: `${ticket}: 侵权` });
  });

  it('closes a ticket; a closed ticket takes no reply', async () => {
    const closed = await consoleCall('POST', `/${id}/close`, { reason: '已处理', requestId: requestId() });
    expect(closed.body.data).toEqual({ applied: true });
    const again = await consoleCall('POST', `/${id}/reply`, { text: 'x', requestId: requestId() });
    expect(again.status).toBe(400);
    expect((await lookup(ticket, 'filer@example.com')).body.data.status).toBe('closed');
    expect((await consoleCall('GET', '?state=closed')).body.data.records.map((r: { id: number }) => r.id)).toContain(
      id,
    );
  });
});
