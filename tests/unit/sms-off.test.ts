import { describe, expect, it } from 'vitest';
import { firstProfileView, firstTab, loginTabs, profileActions } from '../../src/islands/account/login-tabs';
import { EnvError, loadEnv } from '../../src/server/config/env';
import { phoneOffered } from '../../src/server/config/sms';
import { createLogger } from '../../src/server/log';
import { createSmsProvider } from '../../src/server/providers/sms';
import { sandboxProviders } from '../../src/server/sandbox';

// SMS_PROVIDER=off: a site without phone features (docs/accounts.md#phone).
const real = {
  PUBLIC_ORIGIN: 'https://miaobi.example',
  WECHAT_MP_APPID: 'wxapp',
  WECHAT_MP_SECRET: 'secret',
  WECHAT_MP_TOKEN: 'token',
  PAY_PROVIDER: 'alipay',
  ALIPAY_APP_ID: '2021',
  ALIPAY_PRIVATE_KEY: 'k',
  ALIPAY_PUBLIC_KEY: 'k',
};

describe('SMS_PROVIDER=off, the configuration', () => {
  it('needs no setting, is no sandbox, and a public origin starts with it without ALLOW_SANDBOX', () => {
    const env = loadEnv({ ...real, SMS_PROVIDER: 'off' });
    expect(env.ALLOW_SANDBOX).toBe(false);
    expect(phoneOffered(env)).toBe(false);
    expect(sandboxProviders(env)).toEqual([]);
    // The outbox stays the default, and it is the sandbox a public origin must allow.
    expect(loadEnv({}).SMS_PROVIDER).toBe('outbox');
    expect(() => loadEnv(real)).toThrow(/SMS_PROVIDER=outbox[\s\S]*ALLOW_SANDBOX=true/);
  });

  it('refuses PHONE_REQUIRED=true: nobody could bind a phone', () => {
    expect(() => loadEnv({ SMS_PROVIDER: 'off', PHONE_REQUIRED: 'true' })).toThrow(EnvError);
    expect(() => loadEnv({ SMS_PROVIDER: 'off', PHONE_REQUIRED: 'true' })).toThrow(
      /PHONE_REQUIRED=true needs an SMS service to bind phones/,
    );
    expect(loadEnv({ SMS_PROVIDER: 'off', PHONE_REQUIRED: 'false' }).PHONE_REQUIRED).toBe(false);
    expect(loadEnv({ PHONE_REQUIRED: 'true' }).PHONE_REQUIRED).toBe(true);
  });

  it('its provider texts nothing, should a route forget to refuse first', async () => {
    const sms = createSmsProvider(loadEnv({ SMS_PROVIDER: 'off' }), createLogger('silent'));
    expect(sms.mode).toBe('off');
    await expect(sms.sendCode({ phone: '13800138000', code: '123456', text: '123456' })).rejects.toThrow(
      /SMS_PROVIDER=off/,
    );
  });
});

describe('the account dialogs on a site without SMS', () => {
  it('the login dialog shows no phone tab, and never opens on it', () => {
    expect(loginTabs(true)).toEqual(['wechat', 'phone', 'password', 'register']);
    expect(loginTabs(false)).toEqual(['wechat', 'password', 'register']);
    for (const asked of ['phone', 'bindPhone'] as const) {
      expect(firstTab(asked, true)).toBe('phone');
      expect(firstTab(asked, false)).toBe('wechat');
    }
    expect(firstTab('register', false)).toBe('register');
    expect(firstTab('reset', false)).toBe('password');
    expect(firstTab(undefined, false)).toBe('wechat');
  });

  it('the profile does not open on the phone binding', () => {
    expect(firstProfileView('bindPhone', true)).toBe('phone');
    expect(firstProfileView('bindPhone', false)).toBe('summary');
    expect(firstProfileView('bind', false)).toBe('bind');
    expect(firstProfileView(undefined, true)).toBe('summary');
  });

  it('the profile has no button to bind or change the phone', () => {
    const user = { hasPassword: true, email: 'a@example.com' };
    expect(profileActions(user, true)).toEqual(['edit', 'password', 'phone', 'delete']);
    expect(profileActions(user, false)).toEqual(['edit', 'password', 'delete']);
    expect(profileActions({ hasPassword: false, email: null }, false)).toEqual(['edit', 'bind', 'delete']);
  });
});
