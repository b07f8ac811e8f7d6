import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verificationCodes } from '../../../src/server/db/schema';
import type { TestServer } from '../helpers';
import { codeFrom, type TestMailServer } from '../mail-server';
import { accountFlows, bearer, startAccountServers } from './account-flows';

let srv: TestServer;
let mail: TestMailServer;
const { fromIp, requestCode, registerUser, login } = accountFlows(
  () => srv,
  () => mail,
);
let close = async () => {};
beforeAll(async () => {
  ({ srv, mail, close } = await startAccountServers());
});
afterAll(() => close());

/** A refused registration code: wrong, expired or for a taken address (docs/accounts.md). */
const REFUSED = '验证码错误或已过期，请重新获取。已注册的邮箱不会收到验证码，请直接登录或重置密码';

describe('e-mail registration and login', () => {
  it('registers with the code from the received mail, logs in and reads the info', async () => {
    const { message, res } = await requestCode('Lin.Wei@Example.com');
    expect(res.body.result).toBe(
      '邮件已发送，请查收：新邮箱会收到验证码，已注册的邮箱会收到登录提示。如未收到，请检查垃圾邮件',
    );
    expect(message.subject).toBe('妙笔邮箱验证码');
    expect(message.html).toContain('/emailValidation?');
    await srv.call('GET', '/api/health'); // unrelated traffic in between
    const { code, session } = { code: codeFrom(message), session: res.body.data.picCodeSessionId };
    const reg = await srv.call('POST', '/api/user/register/email', {
      identity: 'Lin.Wei@Example.com',
      password: 'secret123',
      picCodeSessionId: session,
      picVerificationCode: code.toLowerCase(),
      registerType: 'email',
    });
    expect(reg.body).toMatchObject({ code: 200, result: '注册成功' });
    const token = await login('lin.wei@example.com');
    const info = await srv.call('GET', '/api/user/info', undefined, bearer(token));
    expect(info.body.data).toMatchObject({
      email: 'Lin.Wei@Example.com',
      description: '默认用户',
      vipType: null,
      hasPassword: true,
      emailVerified: true,
    });
    const again = await srv.call('POST', '/api/user/register/email', {
      identity: 'lin.wei@example.com',
      password: 'secret123',
      picCodeSessionId: session,
      picVerificationCode: code,
    });
    // A taken address answers like a wrong code: nobody learns that it is registered.
    expect(again.body.result).toBe(REFUSED);
  });

  it('answers every input rule (docs/validation-and-limits.md) with its message and changes nothing', async () => {
    const cases: Array<[string, unknown, string, string]> = [
      ['/api/user/login/email', { password: 'x' }, 'username', '请输入邮箱'],
      ['/api/user/login/email', { username: 'not-an-email', password: 'x' }, 'username', '请输入正确的邮箱格式'],
      ['/api/user/login/email', { username: 'a@b.cn', password: '' }, 'password', '请输入密码'],
      [
        '/api/user/register/email',
        { identity: 'a@b.cn', password: '12345', picCodeSessionId: 'a'.repeat(32), picVerificationCode: 'ABC123' },
        'password',
        '密码长度不能少于 6 位',
      ],
      [
        '/api/user/register/email',
        { identity: 'a@b.cn', password: '123456', picCodeSessionId: 'a'.repeat(32), picVerificationCode: '' },
        'picVerificationCode',
        '请输入验证码',
      ],
      [
        '/api/user/register/email',
        { identity: 'a@b.cn', password: '123456', picCodeSessionId: 'a'.repeat(32), picVerificationCode: 'AB-12!' },
        'picVerificationCode',
        '请输入六位验证码',
      ],
      [
        '/api/user/password/modify',
        { identity: 'a@b.cn', password: '123456', picVerificationCode: '12345' },
        'picVerificationCode',
        '请输入六位验证码',
      ],
    ];
    for (const [path, body, field, text] of cases) {
      const res = await srv.call('POST', path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.data.fields[field], JSON.stringify(res.body)).toBe(text);
    }
    const en = await srv.call('POST', '/api/user/login/email', { username: 'x' }, { cookie: 'lang=en-US' });
    expect(en.body.data.fields.username).toBe('Please enter a valid email address');
    const noEmail = await srv.call('GET', '/api/user/getEmailVerifycode');
    expect(noEmail.body.data.fields.email).toBe('请输入邮箱');
  });

  it('refuses a re-send within 119 s', async () => {
    await requestCode('soon@example.com');
    const res = await srv.call('GET', '/api/user/getEmailVerifycode?email=soon@example.com', undefined, fromIp());
    expect(res.status).toBe(429);
    expect(res.body.data.seconds).toBeGreaterThan(110);
    expect(res.body.result).toMatch(/^验证码已发送，请 1\d\d 秒后再重新获取$/);
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const { code, session } = await requestCode('guess@example.com');
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const body = (c: string) => ({
      identity: 'guess@example.com',
      password: 'secret123',
      picCodeSessionId: session,
      picVerificationCode: c,
    });
    for (let i = 1; i <= 5; i++) {
      const res = await srv.call('POST', '/api/user/register/email', body(wrong), fromIp());
      expect(res.body.result).toBe(i < 5 ? REFUSED : '验证码错误次数过多，请重新获取');
    }
    const sixth = await srv.call('POST', '/api/user/register/email', body(code), fromIp());
    expect(sixth.body.result).toBe('验证码错误次数过多，请重新获取');
    const login = await srv.call('POST', '/api/user/login/email', {
      username: 'guess@example.com',
      password: 'secret123',
    });
    expect(login.body.code).toBe(400);
  });

  it('refuses an expired code and a code sent to another session', async () => {
    const { code, session } = await requestCode('late@example.com');
    const other = await srv.call(
      'POST',
      '/api/user/register/email',
      {
        identity: 'late@example.com',
        password: 'secret123',
        picCodeSessionId: 'f'.repeat(32),
        picVerificationCode: code,
      },
      fromIp(),
    );
    expect(other.body.result).toBe(REFUSED);
    // Ten minutes pass.
    await srv.runtime.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.sessionId, session));
    const res = await srv.call(
      'POST',
      '/api/user/register/email',
      {
        identity: 'late@example.com',
        password: 'secret123',
        picCodeSessionId: session,
        picVerificationCode: code,
      },
      fromIp(),
    );
    expect(res.body.result).toBe(REFUSED);
  });

  it('gives the same answer for an unknown address and a wrong password', async () => {
    await registerUser('known@example.com');
    const unknown = await srv.call(
      'POST',
      '/api/user/login/email',
      { username: 'nobody@example.com', password: 'secret123' },
      fromIp(),
    );
    const wrong = await srv.call(
      'POST',
      '/api/user/login/email',
      { username: 'known@example.com', password: 'wrong-pass' },
      fromIp(),
    );
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.result).toBe('邮箱或密码错误');
    // A reset code for an unknown address answers like a real one, yet sends nothing.
    const before = mail.messages.length;
    const reset = await srv.call(
      'GET',
      '/api/user/getEmailVerifycode?email=nobody@example.com&type=reset',
      undefined,
      fromIp(),
    );
    expect(reset.body.data.resultCode).toBe('1');
    // No wait: the reply follows the send, and the mail server keeps a message before it acknowledges it.
    expect(mail.messages.slice(before).some((m) => m.text?.includes('nobody'))).toBe(false);
  });

  it('backs off an account after repeated wrong passwords', async () => {
    await registerUser('locked@example.com');
    for (let i = 0; i < 5; i++)
      await srv.call(
        'POST',
        '/api/user/login/email',
        { username: 'locked@example.com', password: 'nope-nope' },
        fromIp(),
      );
    const res = await srv.call(
      'POST',
      '/api/user/login/email',
      { username: 'locked@example.com', password: 'secret123' },
      fromIp(),
    );
    expect(res.status).toBe(429);
    expect(res.body.result).toMatch(/^登录失败次数过多，请 \d+ 分钟后再试$/);
  });

  it('replaces a scrypt hash stored before argon2id at the next right password, not at a wrong one', async () => {
    await registerUser('legacy@example.com');
    const { db } = srv.runtime.database;
    const salt = randomBytes(16);
    const key = scryptSync('secret123', salt, 32, { N: 16_384, r: 8, p: 1 });
    const legacy = `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    await db.update(users).set({ passwordHash: legacy }).where(eq(users.email, 'legacy@example.com'));
    const stored = async () =>
      (await db.select({ h: users.passwordHash }).from(users).where(eq(users.email, 'legacy@example.com')))[0]?.h;

    const wrong = await srv.call(
      'POST',
      '/api/user/login/email',
      { username: 'legacy@example.com', password: 'secret124' },
      fromIp(),
    );
    expect(wrong.status).toBe(400);
    expect(await stored()).toBe(legacy);

    expect(await login('legacy@example.com')).toBeTruthy();
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The new hash holds the same password.
    expect(await login('legacy@example.com')).toBeTruthy();
  });

  it('a password change revokes the other sessions; a reset revokes all', async () => {
    await registerUser('sessions@example.com');
    const a = await login('sessions@example.com');
    const b = await login('sessions@example.com');
    const change = await srv.call(
      'POST',
      '/api/user/password/change',
      { oldPassword: 'secret123', password: 'newpass456' },
      bearer(a),
    );
    expect(change.body).toMatchObject({ code: 200, result: '密码修改成功' });
    expect((await srv.call('GET', '/api/user/info', undefined, bearer(a))).body.code).toBe(200);
    const dead = await srv.call('GET', '/api/user/info', undefined, bearer(b));
    expect(dead.status).toBe(401);
    expect(dead.body.code).toBe(401);

    const { code } = await requestCode('sessions@example.com', 'reset');
    const reset = await srv.call('POST', '/api/user/password/modify', {
      identity: 'sessions@example.com',
      password: 'third789',
      picVerificationCode: code,
    });
    expect(reset.body.result).toBe('密码修改成功');
    expect((await srv.call('GET', '/api/user/info', undefined, bearer(a))).status).toBe(401);
    await login('sessions@example.com', 'third789');
  });

  it('logout ends the session; no token means 1000001', async () => {
    await registerUser('bye@example.com');
    const token = await login('bye@example.com');
    expect((await srv.call('POST', '/api/user/logout', undefined, bearer(token))).body.code).toBe(200);
    expect((await srv.call('GET', '/api/user/info', undefined, bearer(token))).status).toBe(401);
    const anonymous = await srv.call('GET', '/api/user/info');
    expect(anonymous.body).toMatchObject({ code: 1000001, result: '您还没有登录，请先登录' });
  });

  it('verifies an address from the e-mailed link without using up the code', async () => {
    const { code, session } = await requestCode('link@example.com');
    const verify = await srv.call('POST', '/api/user/verify_email_code', { email: 'link@example.com', code });
    expect(verify.body).toMatchObject({ code: 200, result: '邮箱验证成功', data: { registered: false } });
    const reg = await srv.call(
      'POST',
      '/api/user/register/email',
      {
        identity: 'link@example.com',
        password: 'secret123',
        picCodeSessionId: session,
        picVerificationCode: code,
      },
      fromIp(),
    );
    expect(reg.body.code).toBe(200);
    const bad = await srv.call('POST', '/api/user/verify_email_code', { email: 'link@example.com', code: 'ZZZZZZ' });
    expect(bad.body.result).toBe('验证码错误或已过期，请重新获取');
  });
});
