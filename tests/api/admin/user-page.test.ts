import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, signIns, users } from '../../../src/server/db/schema';
import { AdminCode } from '../../../src/shared/admin';
import { startTestServer, type TestServer } from '../helpers';
import { codeFrom, startMailServer, type TestMailServer } from '../mail-server';
import { codeFor, makeStaff, makeUser, requestId, type Staff } from './admin-helpers';

let srv: TestServer;
let mail: TestMailServer;
let op: Staff;
let admin: Staff;
let steps = 0;

beforeAll(async () => {
  mail = await startMailServer();
  srv = await startTestServer({ SMTP_URL: mail.url, MAIL_FROM: 'Miaobi <noreply@example.com>' });
  op = await makeStaff(srv, 'page-op@example.com', 'operator');
  admin = await makeStaff(srv, 'page-admin@example.com', 'admin');
}, 60_000);
afterAll(async () => {
  await srv?.dispose();
  await mail?.close();
});

const detail = (id: number) => srv.call('GET', `/api/admin/users/${id}`, undefined, { cookie: op.cookie });
const post = (who: Staff, path: string, body: unknown) =>
  srv.call('POST', `/api/admin${path}`, body, { cookie: who.cookie });
const login = (email: string, password: string, ua = 'TestBrowser/1.0') =>
  srv.call('POST', '/api/user/login/email', { username: email, password }, { 'user-agent': ua });
const audit = async (userId: number) =>
  (
    await srv.runtime.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.targetId, String(userId)))
  ).map((r) => [r.action, r.reason]);

describe("a user's console page", () => {
  it('records successful and failed sign-ins, append-only', async () => {
    const u = await makeUser(srv, 'history@example.com');
    expect((await login('history@example.com', 'wrong-one')).status).toBe(400);
    expect((await login('history@example.com', 'secret123')).body.code).toBe(200);
    const { signIns: rows } = (await detail(u.id)).body.data;
    expect(
      rows.map((r: { success: boolean; method: string; failure: string | null }) => [r.success, r.method, r.failure]),
    ).toEqual([
      [true, 'password', null],
      [false, 'password', 'account:login.failed'],
    ]);
    expect(rows[0]).toMatchObject({ ip: '127.0.0.1', userAgent: 'TestBrowser/1.0' });
    await expect(srv.runtime.database.db.update(signIns).set({ success: true })).rejects.toThrow();
  });

  it('lists sessions with device, address and last use; ending one ends that token only, then all', async () => {
    const u = await makeUser(srv, 'sessions@example.com');
    const one = (await login('sessions@example.com', 'secret123', 'PhoneBrowser/2')).body.data.token as string;
    const two = (await login('sessions@example.com', 'secret123', 'DeskBrowser/3')).body.data.token as string;
    const info = (token: string) => srv.call('GET', '/api/user/info', undefined, { authorization: `Bearer ${token}` });
    expect((await info(one)).status).toBe(200);
    const isPhone = (s: { userAgent: string }) => s.userAgent === 'PhoneBrowser/2';
    // The last use is written behind the request, within a second.
    await expect
      .poll(async () => (await detail(u.id)).body.data.sessions.find(isPhone)?.lastUsedAt, { timeout: 5000 })
      .toEqual(expect.any(String));
    const { sessions } = (await detail(u.id)).body.data;
    expect(sessions).toHaveLength(3);
    const phone = sessions.find(isPhone);
    expect(phone).toMatchObject({ ip: '127.0.0.1', lastUsedAt: expect.any(String) });
    const noReason = await post(op, `/users/${u.id}/sessions/revoke`, {
      sessionId: phone.id,
      reason: '',
      requestId: requestId(),
    });
    expect(noReason.status).toBe(400);
    const end = await post(op, `/users/${u.id}/sessions/revoke`, {
      sessionId: phone.id,
      reason: 'lost phone',
      requestId: requestId(),
    });
    expect(end.body.data).toEqual({ applied: true });
    expect((await info(one)).status).toBe(401);
    expect((await info(two)).status).toBe(200);
    // An ended session cannot be ended again.
    const again = await post(op, `/users/${u.id}/sessions/revoke`, {
      sessionId: phone.id,
      reason: 'x',
      requestId: requestId(),
    });
    expect(again.status).toBe(404);
    await post(op, `/users/${u.id}/sessions/revoke`, { reason: 'all out', requestId: requestId() });
    expect((await info(two)).status).toBe(401);
    expect((await info(u.token)).status).toBe(401);
    expect((await detail(u.id)).body.data.sessions).toEqual([]);
    expect(await audit(u.id)).toEqual([
      ['user.sessions.revoke', 'lost phone'],
      ['user.sessions.revokeAll', 'all out'],
    ]);
  });

  it('mails a password reset once per request, and the code in it resets the password', async () => {
    const u = await makeUser(srv, 'forgot@example.com');
    const before = mail.messages.length;
    const id = requestId();
    const sent = await post(op, `/users/${u.id}/password-reset`, { reason: 'asked by phone', requestId: id });
    expect(sent.body.data).toEqual({ applied: true });
    const message = await mail.waitFor('forgot@example.com', before);
    const repeat = await post(op, `/users/${u.id}/password-reset`, { reason: 'asked by phone', requestId: id });
    expect(repeat.body.data).toEqual({ applied: false });
    const reset = await srv.call('POST', '/api/user/password/modify', {
      identity: 'forgot@example.com',
      password: 'brand-new-1',
      picVerificationCode: codeFrom(message),
    });
    expect(reset.body.code).toBe(200);
    expect((await login('forgot@example.com', 'brand-new-1')).body.code).toBe(200);
    expect(mail.messages.slice(before).filter((m) => m.text?.includes(codeFrom(message)))).toHaveLength(1);
    expect(await audit(u.id)).toEqual([['user.passwordReset', 'asked by phone']]);
  });

  it('deletes an account only for an admin with a fresh code, through the owner-side deletion', async () => {
    const u = await makeUser(srv, 'erase-me@example.com');
    const body = (code: string) => ({ reason: 'PIPL request #12', requestId: requestId(), code });
    expect((await post(op, `/users/${u.id}/delete`, body('123456'))).status).toBe(403);
    const stale = await post(admin, `/users/${u.id}/delete`, body('000000'));
    expect([stale.status, stale.body.code]).toEqual([403, AdminCode.TOTP_AGAIN]);
    expect((await post(admin, `/users/${u.id}/delete`, { reason: 'x', requestId: requestId() })).status).toBe(400);
    const own = await post(admin, `/users/${admin.id}/delete`, body('123456'));
    expect([own.status, own.body.code]).toEqual([403, AdminCode.OUT_OF_REACH]);
    const done = await post(admin, `/users/${u.id}/delete`, body(await codeFor(srv, admin.id, ++steps)));
    expect(done.body.data).toEqual({ applied: true });
    const [row] = await srv.runtime.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ email: null, passwordHash: null, deletedAt: expect.any(Date) });
    expect((await srv.call('GET', '/api/user/info', undefined, u.headers)).status).toBe(401);
    expect((await detail(u.id)).status).toBe(404);
    expect((await login('erase-me@example.com', 'secret123')).status).toBe(400);
    expect(await audit(u.id)).toEqual([['user.delete', 'PIPL request #12']]);
  });

  it("shows membership, today's use and recent work", async () => {
    const u = await makeUser(srv, 'busy@example.com');
    const res = await detail(u.id);
    expect(res.body.data).toMatchObject({
      compositionsLeft: 0,
      quota: { chat: { used: 0 }, draw: { used: 0 }, music: { used: 0 } },
      drawings: [],
      songs: [],
      apps: [],
    });
    const grant = await post(op, `/users/${u.id}/membership`, {
      kind: 'compositions',
      amount: 5,
      reason: 'goodwill',
      requestId: requestId(),
    });
    expect(grant.body.data).toEqual({ applied: true });
    expect((await detail(u.id)).body.data.compositionsLeft).toBe(5);
  });
});
