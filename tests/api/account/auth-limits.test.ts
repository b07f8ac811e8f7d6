import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { createUserWithToken, type TestServer } from '../helpers';
import { socketId } from '../sandbox-helpers';
import { eventXml, signedQuery, startWechatServer } from './fake-wechat';

// Every password check shares one limiter and the account lock, whatever the route and the concurrency.
const MP_TOKEN = 'mp-token-auth-limits';
const LOCKED = /^登录失败次数过多，请 \d+ 分钟后再试$/;
const FAILED = '邮箱或密码错误';
let srv: TestServer;
let close = async () => {};
beforeAll(async () => {
  ({ srv, close } = await startWechatServer(MP_TOKEN, { TRUST_PROXY: 'true' }));
});
afterAll(() => close());

let net = 0;
/** A /24 of its own per case, so per-IP counts of one case never reach another. */
const subnet = () => {
  net += 1;
  return (i: number) => ({ 'x-forwarded-for': `10.44.${net}.${i}` });
};
const login = (email: string, password: string, headers: Record<string, string>) =>
  srv.call('POST', '/api/user/login/email', { username: email, password }, headers);
const account = (email: string) => srv.runtime.database.db.select().from(users).where(eq(users.email, email));

/** A QR login confirmed by a signed WeChat SCAN event for openId, as the official account sends it. */
async function scanned(openId: string) {
  const qrcodeSocket = socketId();
  const qr = await srv.call('POST', '/api/wx/wxacoden', { qrcodeSocket });
  expect(qr.body.code, JSON.stringify(qr.body)).toBe(1000000);
  const query = signedQuery(MP_TOKEN, { openid: openId });
  const res = await fetch(`${srv.url}/api/wx/callback${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml' },
    body: eventXml(openId, 'SCAN', qrcodeSocket),
  });
  expect(res.status).toBe(200);
  return { openId, qrcodeSocket };
}

const bindWithPassword = async (email: string, password: string, openId: string, headers: Record<string, string>) =>
  srv.call('POST', '/api/user/login/openid', { ...(await scanned(openId)), username: email, password }, headers);

describe('one password limiter', () => {
  it('60 parallel wrong passwords from 60 addresses: 5 are checked, the account locks, the right one is refused', async () => {
    const { id } = await createUserWithToken(srv, 'parallel@example.com');
    const from = subnet();
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login('parallel@example.com', `wrong-${i}`, from(i))),
    );
    const checked = replies.filter((r) => r.status === 400);
    expect(checked.every((r) => r.body.result === FAILED)).toBe(true);
    expect(checked).toHaveLength(5);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(55);
    expect(refused.every((r) => LOCKED.test(r.body.result))).toBe(true);
    const [row] = await srv.runtime.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.failedLogins).toBe(5);
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    const right = await login('parallel@example.com', 'secret123', from(200));
    expect(right.status).toBe(429);
    expect(right.body.result).toMatch(LOCKED);
  });

  it('3 bursts of 10 from one address lock the account', async () => {
    await createUserWithToken(srv, 'bursts@example.com');
    const from = subnet();
    let checked = 0;
    for (let burst = 0; burst < 3; burst++) {
      const replies = await Promise.all(Array.from({ length: 10 }, () => login('bursts@example.com', 'nope', from(1))));
      expect(replies.every((r) => r.status < 500)).toBe(true);
      checked += replies.filter((r) => r.status === 400).length;
    }
    expect(checked).toBe(5);
    const right = await login('bursts@example.com', 'secret123', from(2));
    expect(right.body.result).toMatch(LOCKED);
  });

  it('a right password clears the count; the lock then starts from zero again', async () => {
    await createUserWithToken(srv, 'typo@example.com');
    const from = subnet();
    for (let i = 0; i < 4; i++) expect((await login('typo@example.com', 'typo', from(i))).status).toBe(400);
    expect((await login('typo@example.com', 'secret123', from(9))).body.code).toBe(200);
    expect((await account('typo@example.com'))[0]).toMatchObject({ failedLogins: 0, lockedUntil: null });
    for (let i = 0; i < 4; i++) expect((await login('typo@example.com', 'typo', from(i))).status).toBe(400);
    expect((await login('typo@example.com', 'secret123', from(9))).body.code).toBe(200);
  });
});

describe('binding a WeChat account by password', () => {
  it('wrong passwords bind nothing and count toward the lock the e-mail login honours', async () => {
    const { id } = await createUserWithToken(srv, 'victim@example.com');
    const from = subnet();
    for (let i = 0; i < 5; i++) {
      const res = await bindWithPassword('victim@example.com', `guess-${i}`, 'oGuesser-0001', from(i));
      expect(res.status).toBe(400);
      expect(res.body.result).toBe(FAILED);
    }
    expect(await srv.runtime.database.db.select().from(users).where(eq(users.wechatOpenId, 'oGuesser-0001'))).toEqual(
      [],
    );
    const right = await bindWithPassword('victim@example.com', 'secret123', 'oGuesser-0001', from(50));
    expect(right.status).toBe(429);
    expect(right.body.result).toMatch(LOCKED);
    expect((await login('victim@example.com', 'secret123', from(51))).body.result).toMatch(LOCKED);
    expect((await account('victim@example.com'))[0]?.wechatOpenId).toBeNull();

    // The lock runs out: the right password binds, once the limits allow the try.
    await srv.runtime.database.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, id));
    const bound = await bindWithPassword('victim@example.com', 'secret123', 'oOwner-0002', from(52));
    expect(bound.body.code, JSON.stringify(bound.body)).toBe(200);
    expect((await account('victim@example.com'))[0]).toMatchObject({ wechatOpenId: 'oOwner-0002', failedLogins: 0 });
  });

  it('an e-mail login lock refuses the right password on the openid route', async () => {
    await createUserWithToken(srv, 'locked-first@example.com');
    const from = subnet();
    for (let i = 0; i < 5; i++) await login('locked-first@example.com', 'wrong', from(i));
    const res = await bindWithPassword('locked-first@example.com', 'secret123', 'oThief-0003', from(20));
    expect(res.body.result).toMatch(LOCKED);
    expect((await account('locked-first@example.com'))[0]?.wechatOpenId).toBeNull();
  });

  it('the per-IP limit counts e-mail logins and openid binds together', async () => {
    await createUserWithToken(srv, 'ip-shared@example.com');
    const from = subnet();
    for (let i = 0; i < 30; i++)
      expect((await login(`nobody-${i}@example.com`, 'whatever', from(7))).body.result).toBe(FAILED);
    const res = await bindWithPassword('ip-shared@example.com', 'secret123', 'oFromBusyIp-4', from(7));
    expect(res.status).toBe(429);
    expect(res.body.result).toBe('登录尝试太频繁，请稍后再试');
    expect((await account('ip-shared@example.com'))[0]?.wechatOpenId).toBeNull();
  });
});

describe('logged-in password checks', () => {
  it('changing the password and deleting the account share the lock', async () => {
    const { headers } = await createUserWithToken(srv, 'profile-guard@example.com');
    const from = subnet();
    const change = (oldPassword: string, i: number) =>
      srv.call(
        'POST',
        '/api/user/password/change',
        { oldPassword, password: 'newpass456' },
        { ...headers, ...from(i) },
      );
    for (let i = 0; i < 5; i++) expect((await change('wrong-old', i)).body.result).toBe('当前密码不正确');
    expect((await change('secret123', 10)).body.result).toMatch(LOCKED);
    const del = await srv.call('POST', '/api/user/delete', { confirm: true, password: 'secret123' }, headers);
    expect(del.body.result).toMatch(LOCKED);
    expect((await account('profile-guard@example.com'))[0]?.deletedAt).toBeNull();
  });
});
