import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneCodes, users } from '../../../src/server/db/schema';
import { phoneHash } from '../../../src/server/services/account/phone-box';
import { makeStaff } from '../admin/admin-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { afterGap, freshAddress, lastCode, phoneLogin } from './phone-helpers';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(() => srv.dispose());

const db = () => srv.runtime.database.db;
const byPhone = (phone: string) =>
  db()
    .select()
    .from(users)
    .where(eq(users.phoneHash, phoneHash(srv.runtime, phone)));

describe('sign-in by texted code', () => {
  it('a new number gets an account; the same number signs into it again; the profile shows it masked', async () => {
    const first = await phoneLogin(srv, '13800138001');
    const info = await srv.call('GET', '/api/user/info', undefined, first);
    expect(info.body.data).toMatchObject({ phone: '138****8001', email: null, hasPassword: false });
    const second = await phoneLogin(srv, '+8613800138001');
    const again = await srv.call('GET', '/api/user/info', undefined, second);
    expect(again.body.data.baseUserId).toBe(info.body.data.baseUserId);
    expect(await byPhone('13800138001')).toHaveLength(1);
  });

  it('the console finds an account by its whole number and shows the number masked', async () => {
    const owner = await phoneLogin(srv, '13800138077');
    const id = (await srv.call('GET', '/api/user/info', undefined, owner)).body.data.baseUserId;
    const operator = await makeStaff(srv, 'phone-operator@example.com', 'operator');
    const search = (q: string) =>
      srv.call('GET', `/api/admin/users?q=${encodeURIComponent(q)}`, undefined, { cookie: operator.cookie });
    for (const q of ['13800138077', '+86 138 0013 8077'])
      expect((await search(q)).body.data.map((u: { id: number }) => u.id)).toEqual([id]);
    expect((await search('1380013807')).body.data).toEqual([]);
    const detail = await srv.call('GET', `/api/admin/users/${id}`, undefined, { cookie: operator.cookie });
    expect(detail.body.data.phone).toBe('138****8077');
    expect(JSON.stringify(detail.body)).not.toContain('13800138077');
  });

  it('stores the number sealed: no column of the row or of its codes holds its digits', async () => {
    await phoneLogin(srv, '13912345678');
    const [row] = await byPhone('13912345678');
    const raw = JSON.stringify(row) + JSON.stringify(await db().select().from(phoneCodes));
    expect(row?.phoneSealed).toMatch(/^v1\./);
    for (const digits of ['13912345678', '12345678', '2345678', '9123456']) expect(raw).not.toContain(digits);
  });

  it('refuses bad numbers and codes with translated messages, and a code is used once', async () => {
    const headers = freshAddress();
    const bad = await srv.call('POST', '/api/user/phone/code', { phone: '12345678901' }, headers);
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('请输入正确的中国大陆手机号');
    const en = await srv.call(
      'POST',
      '/api/user/phone/code',
      { phone: '+1 5551234567' },
      { ...headers, cookie: 'lang=en-US' },
    );
    expect(en.body.result).toMatch(/mainland China mobile number/);
    await srv.call('POST', '/api/user/phone/code', { phone: '13700137000' }, headers);
    const code = lastCode(srv, '13700137000');
    const wrong = await srv.call(
      'POST',
      '/api/user/login/phone',
      { phone: '13700137000', code: code === '000000' ? '111111' : '000000' },
      headers,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.result).toBe('验证码错误或已过期，请重新获取');
    const short = await srv.call('POST', '/api/user/login/phone', { phone: '13700137000', code: '12a' }, headers);
    expect(short.status).toBe(400);
    const ok = await srv.call('POST', '/api/user/login/phone', { phone: '13700137000', code }, headers);
    expect(ok.status).toBe(200);
    const reused = await srv.call('POST', '/api/user/login/phone', { phone: '13700137000', code }, headers);
    expect(reused.status).toBe(400);
  });

  it('five wrong tries kill a code, even the right one after them', async () => {
    const headers = freshAddress();
    await srv.call('POST', '/api/user/phone/code', { phone: '13600136000' }, headers);
    const code = lastCode(srv, '13600136000');
    const other = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
    const tries = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7].map((n) =>
        srv.call('POST', '/api/user/login/phone', { phone: '13600136000', code: other(n) }, headers),
      ),
    );
    expect(tries.every((t) => t.status === 400)).toBe(true);
    const right = await srv.call('POST', '/api/user/login/phone', { phone: '13600136000', code }, headers);
    expect(right.body.result).toBe('验证码错误次数过多，请重新获取');
    expect(await byPhone('13600136000')).toHaveLength(0);
  });
});

describe('binding and changing a number', () => {
  it('binds with a code to the new number, changes it the same way, and refuses a number another account holds', async () => {
    const { headers } = await createUserWithToken(srv, 'bind-phone@example.com');
    const address = freshAddress();
    const h = { ...headers, ...address };
    const noCode = await srv.call('POST', '/api/user/phone/bind', { phone: '13500135000', code: '123456' }, h);
    expect(noCode.status).toBe(400);
    await srv.call('POST', '/api/user/phone/code', { phone: '13500135000', purpose: 'bind' }, h);
    const bound = await srv.call(
      'POST',
      '/api/user/phone/bind',
      { phone: '13500135000', code: lastCode(srv, '13500135000') },
      h,
    );
    expect(bound.body).toMatchObject({ code: 200, result: '手机号绑定成功', data: { phone: '135****5000' } });

    await afterGap(srv, '13500135999');
    await srv.call('POST', '/api/user/phone/code', { phone: '13500135999', purpose: 'bind' }, h);
    const changed = await srv.call(
      'POST',
      '/api/user/phone/bind',
      { phone: '13500135999', code: lastCode(srv, '13500135999') },
      h,
    );
    expect(changed.body.data.phone).toBe('135****5999');
    expect(await byPhone('13500135000')).toHaveLength(0);

    // Another account asks for 135…5999: the answer is the same, but no text goes to that number.
    const other = await createUserWithToken(srv, 'other-phone@example.com');
    const before = lastCode(srv, '13500135999');
    await afterGap(srv, '13500135999');
    const asked = await srv.call(
      'POST',
      '/api/user/phone/code',
      { phone: '13500135999', purpose: 'bind' },
      { ...other.headers, ...freshAddress() },
    );
    expect(asked.status).toBe(200);
    expect(lastCode(srv, '13500135999')).toBe(before);
    const taken = await srv.call(
      'POST',
      '/api/user/phone/bind',
      { phone: '13500135999', code: before },
      { ...other.headers, ...freshAddress() },
    );
    expect(taken.body.result).toContain('已绑定其他账号的手机号不会收到验证码');
  });

  it('a binding code needs a login, and another account cannot use one sent for someone else', async () => {
    const visitor = await srv.call(
      'POST',
      '/api/user/phone/code',
      { phone: '13400134000', purpose: 'bind' },
      freshAddress(),
    );
    expect(visitor.body.code).toBe(1000001);
    const a = await createUserWithToken(srv, 'bind-a@example.com');
    const b = await createUserWithToken(srv, 'bind-b@example.com');
    await srv.call(
      'POST',
      '/api/user/phone/code',
      { phone: '13400134000', purpose: 'bind' },
      { ...a.headers, ...freshAddress() },
    );
    const stolen = await srv.call(
      'POST',
      '/api/user/phone/bind',
      { phone: '13400134000', code: lastCode(srv, '13400134000') },
      { ...b.headers, ...freshAddress() },
    );
    expect(stolen.status).toBe(400);
  });
});

describe('export and deletion', () => {
  it('the export holds the number in full for its owner; deletion (proved by a code to that number) removes it', async () => {
    const headers = await phoneLogin(srv, '13300133000');
    const exported = await srv.call('GET', '/api/user/export', undefined, headers);
    expect(exported.body.data.account.phone).toBe('13300133000');
    expect(exported.body.data.signIns[0]).toMatchObject({ method: 'phone', success: true });

    const noProof = await srv.call('POST', '/api/user/delete', { confirm: true }, headers);
    expect(noProof.status).toBe(400);
    await afterGap(srv, '13300133000');
    const asked = await srv.call(
      'POST',
      '/api/user/phone/code',
      { purpose: 'delete' },
      { ...headers, ...freshAddress() },
    );
    expect(asked.status).toBe(200);
    const [before] = await byPhone('13300133000');
    const deleted = await srv.call(
      'POST',
      '/api/user/delete',
      { confirm: true, phoneCode: lastCode(srv, '13300133000') },
      headers,
    );
    expect(deleted.body.code, JSON.stringify(deleted.body)).toBe(200);
    const [row] = await db()
      .select()
      .from(users)
      .where(eq(users.id, before?.id ?? 0));
    expect(row).toMatchObject({ phoneSealed: null, phoneHash: null });
    expect(row?.deletedAt).not.toBeNull();
    // The number is free again: it signs in as a new account.
    const fresh = await phoneLogin(srv, '13300133000');
    const info = await srv.call('GET', '/api/user/info', undefined, fresh);
    expect(info.body.data.baseUserId).not.toBe(before?.id);
  });
});
