import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../src/server/db/queries/sessions';
import { rateLimits, users } from '../../../src/server/db/schema';
import { createUserWithToken, type TestServer } from '../helpers';
import type { TestMailServer } from '../mail-server';
import { accountFlows, bearer, startAccountServers } from './account-flows';

let srv: TestServer;
let mail: TestMailServer;
const { fromIp, sendCode, requestCode } = accountFlows(
  () => srv,
  () => mail,
);
let close = async () => {};
beforeAll(async () => {
  ({ srv, mail, close } = await startAccountServers());
});
afterAll(() => close());

/** Registration and binding name both causes of a refused code, so the owner of a taken address understands it. */
const INVALID = '验证码错误或已过期，请重新获取。已注册的邮箱不会收到验证码，请直接登录或重置密码';
const register = (email: string, session: string, code: string, headers = fromIp()) =>
  srv.call(
    'POST',
    '/api/user/register/email',
    { identity: email, password: 'secret123', picCodeSessionId: session, picVerificationCode: code },
    headers,
  );
/** The reply without the one field that is random in every answer. */
const shape = (res: { status: number; body: { data?: Record<string, unknown> } }) => {
  const { picCodeSessionId, ...data } = res.body.data ?? {};
  expect(picCodeSessionId ?? '').toMatch(/^([0-9a-f]{32})?$/);
  return { status: res.status, body: { ...res.body, data } };
};

describe('an address that is already registered', () => {
  it('answers like a free one, mails its owner a notice in their language instead of a code, and refuses to register', async () => {
    await createUserWithToken(srv, 'owner@example.com');
    await srv.runtime.database.db.update(users).set({ language: 'en-US' }).where(eq(users.email, 'owner@example.com'));
    const free = await sendCode('free@example.com', 'register');
    const before = mail.messages.length;
    const taken = await sendCode('Owner@Example.com', 'register');
    expect(shape(taken)).toEqual(shape(free));
    expect(taken.body.result).toBe(
      '邮件已发送，请查收：新邮箱会收到验证码，已注册的邮箱会收到登录提示。如未收到，请检查垃圾邮件',
    );

    const notice = await mail.waitFor('owner@example.com', before);
    expect(notice.subject).toBe('Someone tried to sign up with your email');
    expect(notice.text).toContain('no code was sent');
    // It links to login and reset with the address filled in, and carries no code.
    expect(notice.text).toContain('/emailValidation?email=Owner%40Example.com&type=login');
    expect(notice.text).not.toContain('code=');
    expect(notice.html).not.toContain('code=');

    // The re-send gap answers alike too.
    for (const email of ['owner@example.com', 'free@example.com']) {
      const soon = await sendCode(email, 'register');
      expect(soon.status).toBe(429);
      expect(soon.body.result).toMatch(/^验证码已发送，请 1\d\d 秒后再重新获取$/);
    }
    // Wrong codes: the same answers, try for try, up to the dead code.
    for (let i = 0; i < 6; i++) {
      const a = await register('free@example.com', free.body.data.picCodeSessionId, 'ZZZZZZ');
      const b = await register('owner@example.com', taken.body.data.picCodeSessionId, 'ZZZZZZ');
      expect(b).toMatchObject({ status: a.status, body: a.body });
    }
    const owner = { username: 'owner@example.com', password: 'secret123' };
    expect((await srv.call('POST', '/api/user/login/email', owner, fromIp())).body.code).toBe(200);
  });

  it('a right code for a taken address (its owner holds one) still registers nothing', async () => {
    const { code, session } = await requestCode('twice@example.com');
    expect((await register('twice@example.com', session, code)).body.code).toBe(200);
    const again = await register('twice@example.com', session, code);
    expect(again.body.result).toBe(INVALID);
  });

  it('binding a taken address to a WeChat account answers alike and binds nothing', async () => {
    await createUserWithToken(srv, 'bound@example.com');
    const db = srv.runtime.database.db;
    const [wx] = await db.insert(users).values({ wechatOpenId: 'oWxOnly-0001', nickname: 'wx' }).returning();
    const token = await createSession(db, { userId: wx?.id ?? 0 });
    const before = mail.messages.length;
    const sent = await sendCode('bound@example.com', 'bind');
    expect(sent.body.data.resultCode).toBe('1');
    const notice = await mail.waitFor('bound@example.com', before);
    expect(notice.subject).toBe('有人尝试用您的邮箱注册妙笔');
    const bind = await srv.call(
      'POST',
      '/api/user/email/bind',
      { email: 'bound@example.com', code: 'ZZZZZZ', password: 'secret123' },
      bearer(token),
    );
    expect(bind.body.result).toBe(INVALID);
    expect(
      (
        await db
          .select()
          .from(users)
          .where(eq(users.id, wx?.id ?? 0))
      )[0]?.email,
    ).toBeNull();
  });
});

describe('mass registration', () => {
  it('limits codes per client address per hour', async () => {
    const ip = fromIp();
    for (let i = 0; i < 10; i++) expect((await sendCode(`hourly-${i}@example.com`, 'register', ip)).status).toBe(200);
    const over = await sendCode('hourly-10@example.com', 'register', ip);
    expect(over.status).toBe(429);
    expect(over.body.result).toBe('获取验证码太频繁，请一小时后再试');
    expect((await sendCode('hourly-10@example.com', 'register')).status).toBe(200);
  });

  it('limits registrations per client address per hour, right code or not', async () => {
    const { code, session } = await requestCode('eleventh@example.com');
    const ip = fromIp();
    for (let i = 0; i < 10; i++)
      expect((await register(`mass-${i}@example.com`, 'a'.repeat(32), 'ZZZZZZ', ip)).body.result).toBe(INVALID);
    const over = await register('eleventh@example.com', session, code, ip);
    expect(over.status).toBe(429);
    expect(over.body.result).toBe('注册太频繁，请稍后再试');
    expect((await register('eleventh@example.com', session, code)).body.code).toBe(200);
  });

  it('limits registrations per client address per day', async () => {
    const { code, session } = await requestCode('daily@example.com');
    const ip = fromIp();
    // Earlier hours of today used up the day's 20 from this address.
    const day = 86_400_000;
    await srv.runtime.database.db.insert(rateLimits).values({
      key: `register:ip:d:${ip['x-forwarded-for']}`,
      windowStart: new Date(Math.floor(Date.now() / day) * day),
      count: 20,
    });
    const over = await register('daily@example.com', session, code, ip);
    expect(over.body.result).toBe('注册太频繁，请稍后再试');
    expect((await register('daily@example.com', session, code)).body.code).toBe(200);
  });
});
