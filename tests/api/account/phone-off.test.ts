import { generateKeyPairSync } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError } from '../../../src/server/config/env';
import { adminTotp, phoneCodes, rateLimits, siteSettings, users } from '../../../src/server/db/schema';
import { forgetSettings } from '../../../src/server/services/site-settings';
import { codeFor, makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { createUserWithToken, startTestServer, type TestServer, testEnv } from '../helpers';

// A site without an SMS service (SMS_PROVIDER=off): no phone features, and no phone gate to lock anyone out.
let srv: TestServer;
let admin: Staff;
beforeAll(async () => {
  srv = await startTestServer({ SMS_PROVIDER: 'off', TRUST_PROXY: 'true' });
  admin = await makeStaff(srv, 'sms-off-admin@example.com', 'admin');
}, 90_000);
afterAll(() => srv?.dispose());

const PHONE = '13100131000';
const NOT_AVAILABLE = {
  'zh-CN': '本站未开通手机号登录和绑定',
  'en-US': 'Phone sign-in and phone binding are not available on this site',
  'zh-TW': '本站未開通手機號碼登入和綁定',
};

/** Nothing was counted, stored or bound: no code rows, no SMS limits, no account with a number. */
async function nothingChanged() {
  const db = srv.runtime.database.db;
  expect(await db.select().from(phoneCodes)).toEqual([]);
  expect(await db.select().from(rateLimits).where(like(rateLimits.key, 'sms:%'))).toEqual([]);
  const bound = await db.select({ id: users.id, hash: users.phoneHash }).from(users);
  expect(bound.filter((u) => u.hash !== null)).toEqual([]);
}

async function saveSettings(values: Record<string, unknown>) {
  await srv.runtime.database.db.update(adminTotp).set({ lastStep: null }).where(eq(adminTotp.userId, admin.id));
  const body = { values, requestId: requestId(), code: await codeFor(srv, admin.id) };
  return srv.call('POST', '/api/admin/settings', body, { cookie: admin.cookie });
}

describe('SMS_PROVIDER=off', () => {
  it('health says the site texts nothing, and it is no sandbox', async () => {
    const health = await srv.call('GET', '/api/health');
    expect(health.body.data.providers.sms).toBe('off');
    expect(health.body.data.sandbox).not.toContain('sms');
  });

  it('texting a code, signing in and binding by phone answer 404 "not available" in each language', async () => {
    const { headers } = await createUserWithToken(srv, 'sms-off@example.com');
    const usersBefore = (await srv.runtime.database.db.select({ id: users.id }).from(users)).length;
    for (const [lang, text] of Object.entries(NOT_AVAILABLE)) {
      const asked = { ...headers, cookie: `lang=${lang}` };
      const calls = [
        srv.call('POST', '/api/user/phone/code', { phone: PHONE, purpose: 'login' }, { cookie: `lang=${lang}` }),
        srv.call('POST', '/api/user/phone/code', { phone: PHONE, purpose: 'bind' }, asked),
        srv.call('POST', '/api/user/phone/code', { purpose: 'delete' }, asked),
        srv.call('POST', '/api/user/login/phone', { phone: PHONE, code: '123456' }, { cookie: `lang=${lang}` }),
        srv.call('POST', '/api/user/phone/bind', { phone: PHONE, code: '123456' }, asked),
      ];
      for (const r of await Promise.all(calls)) {
        expect(r.status, JSON.stringify(r.body)).toBe(404);
        expect(r.body).toMatchObject({ code: 404, result: text });
      }
    }
    await nothingChanged();
    expect((await srv.runtime.database.db.select({ id: users.id }).from(users)).length).toBe(usersBefore);
    // Bad input is still bad input (400), before anything else is said.
    const bad = await srv.call('POST', '/api/user/phone/code', { phone: '12', purpose: 'login' });
    expect(bad.status).toBe(400);
  });

  it('the console cannot require a phone; one required before is not enforced, and the console says why', async () => {
    const refused = await saveSettings({ PHONE_REQUIRED: true });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.result).toBe('本站不发送短信（SMS_PROVIDER=off），无人能绑定手机号，因此不能要求绑定');
    const db = srv.runtime.database.db;
    expect(await db.select().from(siteSettings).where(eq(siteSettings.key, 'PHONE_REQUIRED'))).toEqual([]);

    // As left by a site that texted codes before it was switched off.
    await db.insert(siteSettings).values({ key: 'PHONE_REQUIRED', value: true });
    await forgetSettings(srv.runtime);
    const list = await srv.call('GET', '/api/admin/settings', undefined, { cookie: admin.cookie });
    const view = (list.body.data as Array<{ key: string }>).find((s) => s.key === 'PHONE_REQUIRED');
    expect(view).toMatchObject({ value: true, source: 'console', inactive: 'smsOff' });
    const { headers } = await createUserWithToken(srv, 'sms-off-gate@example.com');
    const lyrics = await srv.call('POST', '/api/music/lyrics', { prompt: '春天' }, headers);
    expect(lyrics.body.code, JSON.stringify(lyrics.body)).not.toBe(1000002);
    expect(lyrics.status).not.toBe(403);
    // Switching it off is allowed.
    const off = await saveSettings({ PHONE_REQUIRED: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
  });
});

describe('SMS_PROVIDER=off at start-up', () => {
  it('refuses PHONE_REQUIRED=true with a clear message', () => {
    const start = () => testEnv({ dataDir: '/nonexistent' }, { SMS_PROVIDER: 'off', PHONE_REQUIRED: 'true' });
    expect(start).toThrow(EnvError);
    expect(start).toThrow(/PHONE_REQUIRED=true needs an SMS service/);
  });

  it('starts on a public origin without ALLOW_SANDBOX when the other providers are real', async () => {
    const pem = (type: 'pkcs8' | 'spki') => ({ type, format: 'pem' }) as const;
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pub = await startTestServer({
      PUBLIC_ORIGIN: 'https://miaobi.example',
      SMS_PROVIDER: 'off',
      WECHAT_MP_APPID: 'wxapp',
      WECHAT_MP_SECRET: 'secret',
      WECHAT_MP_TOKEN: 'token',
      PAY_PROVIDER: 'alipay',
      ALIPAY_APP_ID: '2021000000000000',
      ALIPAY_PRIVATE_KEY: keys.privateKey.export(pem('pkcs8')).toString(),
      ALIPAY_PUBLIC_KEY: keys.publicKey.export(pem('spki')).toString(),
    });
    try {
      const health = await pub.call('GET', '/api/health');
      expect(health.body.data).toMatchObject({ sandbox: [], providers: { sms: 'off' } });
    } finally {
      await pub.dispose();
    }
  }, 90_000);
});
