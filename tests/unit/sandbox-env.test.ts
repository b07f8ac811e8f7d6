import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnvError, loadEnv } from '../../src/server/config/env';
import { createLogger } from '../../src/server/log';
import { isLoopbackOrigin, startSandboxWarning } from '../../src/server/sandbox';

const realWechat = { WECHAT_MP_APPID: 'wxapp', WECHAT_MP_SECRET: 'secret', WECHAT_MP_TOKEN: 'token' };
const realSms = {
  SMS_PROVIDER: 'aliyun',
  SMS_SIGN_NAME: 's',
  SMS_TEMPLATE_ID: 'SMS_1',
  ALIYUN_SMS_ACCESS_KEY_ID: 'id',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'k',
};
const realPay = {
  PAY_PROVIDER: 'alipay',
  ALIPAY_APP_ID: '2021',
  ALIPAY_PRIVATE_KEY: 'k',
  ALIPAY_PUBLIC_KEY: 'k',
};

describe('loopback origins', () => {
  it.each([
    ['http://127.0.0.1:4321', true],
    ['http://127.8.9.10', true],
    ['http://localhost:8080', true],
    ['http://[::1]:4321', true],
    ['https://miaobi.example', false],
    ['http://192.168.1.5:4321', false],
    ['http://127.0.0.1.example.com', false],
    ['http://localhost.example.com', false],
    ['http://[::ffff:8.8.8.8]', false],
  ])('%s → %s', (origin, loopback) => expect(isLoopbackOrigin(origin)).toBe(loopback));
});

describe('start-up check', () => {
  it('refuses each sandbox on a public origin, alone or together, unless ALLOW_SANDBOX=true', () => {
    const origin = { PUBLIC_ORIGIN: 'https://miaobi.example' };
    expect(() => loadEnv({ ...origin, ...realWechat, ...realSms })).toThrow(
      /PAY_PROVIDER=sandbox[\s\S]*ALLOW_SANDBOX=true/,
    );
    expect(() => loadEnv({ ...origin, ...realPay, ...realSms })).toThrow(/WECHAT_MP_APPID[\s\S]*ALLOW_SANDBOX=true/);
    expect(() => loadEnv({ ...origin, ...realPay, ...realWechat })).toThrow(
      /SMS_PROVIDER=outbox[\s\S]*ALLOW_SANDBOX=true/,
    );
    expect(() => loadEnv(origin)).toThrow(EnvError);
    // A HOST that is not loopback makes the default origin public too.
    expect(() => loadEnv({ HOST: '192.168.1.5' })).toThrow(/PUBLIC_ORIGIN=http:\/\/192\.168\.1\.5:4321/);
    expect(loadEnv({ ...origin, ALLOW_SANDBOX: 'true' }).ALLOW_SANDBOX).toBe(true);
    expect(loadEnv({ ...origin, ...realWechat, ...realPay, ...realSms }).ALLOW_SANDBOX).toBe(false);
    expect(loadEnv({}).PUBLIC_ORIGIN).toBe('http://127.0.0.1:4321');
  });
});

describe('the warning of an allowed sandbox', () => {
  afterEach(() => vi.useRealTimers());

  it('logs at start and every hour until stopped; says nothing when the sandbox was not allowed', () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const log = createLogger('info', (line) => lines.push(line));
    const stop = startSandboxWarning(loadEnv({ PUBLIC_ORIGIN: 'https://miaobi.example', ALLOW_SANDBOX: 'true' }), log);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ level: 'warn', sandbox: 'payment,wechat,sms' });
    vi.advanceTimersByTime(2 * 3600_000);
    expect(lines).toHaveLength(3);
    stop();
    vi.advanceTimersByTime(3600_000);
    expect(lines).toHaveLength(3);

    startSandboxWarning(loadEnv({}), log)();
    expect(lines).toHaveLength(3);
  });
});
