import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../src/server/config/env';
import { createLogger } from '../../src/server/log';
import { createSmsProvider, SmsError } from '../../src/server/providers/sms';
import { fakeAliyun, fakeTencent } from './fake-sms';

const dir = mkdtempSync(path.join(tmpdir(), 'miaobi-sms-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const message = { phone: '13800138000', code: '482910', text: '验证码 482910' };

describe('Aliyun SMS (dysmsapi, signature v1)', () => {
  it('sends a request whose signature the service accepts, with the template and its code', async () => {
    const fake = await fakeAliyun({ LTAIkey: 'secret+/=!*' });
    try {
      const env = {
        SMS_PROVIDER: 'aliyun',
        SMS_SIGN_NAME: '妙笔 AI',
        SMS_TEMPLATE_ID: 'SMS_154950909',
        ALIYUN_SMS_ACCESS_KEY_ID: 'LTAIkey',
        ALIYUN_SMS_ENDPOINT: fake.url,
      };
      const sms = createSmsProvider(loadEnv({ ...env, ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret+/=!*' }), quiet);
      expect(sms.mode).toBe('aliyun');
      await sms.sendCode(message);
      await sms.sendCode(message);
      expect(fake.sent).toHaveLength(2);
      expect(fake.sent[0]).toMatchObject({
        PhoneNumbers: '13800138000',
        SignName: '妙笔 AI',
        TemplateCode: 'SMS_154950909',
        TemplateParam: '{"code":"482910"}',
      });
      // A wrong secret is refused by the service's own check, and the refusal reaches the caller.
      const wrong = createSmsProvider(loadEnv({ ...env, ALIYUN_SMS_ACCESS_KEY_SECRET: 'another' }), quiet);
      await expect(wrong.sendCode(message)).rejects.toThrow(/SignatureDoesNotMatch/);
      await expect(wrong.sendCode(message)).rejects.toBeInstanceOf(SmsError);
      expect(fake.sent).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });
});

describe('Tencent Cloud SMS (SendSms 2021-01-11, TC3-HMAC-SHA256)', () => {
  it('sends a request whose signature the service accepts, to the +86 number', async () => {
    const fake = await fakeTencent({ AKIDtest: 'tencent-secret' });
    try {
      const env = {
        SMS_PROVIDER: 'tencent',
        SMS_SIGN_NAME: '妙笔',
        SMS_TEMPLATE_ID: '449739',
        TENCENT_SMS_SECRET_ID: 'AKIDtest',
        TENCENT_SMS_SDK_APP_ID: '1400006666',
        TENCENT_SMS_ENDPOINT: fake.url,
      };
      const sms = createSmsProvider(loadEnv({ ...env, TENCENT_SMS_SECRET_KEY: 'tencent-secret' }), quiet);
      expect(sms.mode).toBe('tencent');
      await sms.sendCode(message);
      expect(fake.sent).toEqual([
        {
          PhoneNumberSet: ['+8613800138000'],
          SmsSdkAppId: '1400006666',
          SignName: '妙笔',
          TemplateId: '449739',
          TemplateParamSet: ['482910'],
          region: 'ap-guangzhou',
        },
      ]);
      const wrong = createSmsProvider(loadEnv({ ...env, TENCENT_SMS_SECRET_KEY: 'other' }), quiet);
      await expect(wrong.sendCode(message)).rejects.toThrow(/AuthFailure\.SignatureFailure/);
      expect(fake.sent).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });
});

describe('the SMS outbox and the settings', () => {
  it('writes each message as a JSON file in DATA_DIR/sms-outbox and logs the number masked', async () => {
    const lines: string[] = [];
    const sms = createSmsProvider(
      loadEnv({ DATA_DIR: dir }),
      createLogger('info', (l) => lines.push(l)),
    );
    expect(sms.mode).toBe('outbox');
    await sms.sendCode(message);
    const outbox = path.join(dir, 'sms-outbox');
    const [file] = readdirSync(outbox);
    expect(JSON.parse(readFileSync(path.join(outbox, file ?? ''), 'utf8'))).toMatchObject({
      to: '13800138000',
      code: '482910',
    });
    expect(lines.join('\n')).toContain('138****8000');
    expect(lines.join('\n')).not.toContain('13800138000');
  });

  it('a real service needs its settings; the outbox is refused on a public origin unless ALLOW_SANDBOX=true', () => {
    expect(() => loadEnv({ SMS_PROVIDER: 'tencent' })).toThrow(/SMS_PROVIDER=tencent needs SMS_SIGN_NAME/);
    expect(() => loadEnv({ SMS_PROVIDER: 'aliyun', SMS_SIGN_NAME: 's' })).toThrow(EnvError);
    const publicSite = {
      PUBLIC_ORIGIN: 'https://miaobi.example',
      WECHAT_MP_APPID: 'a',
      WECHAT_MP_SECRET: 's',
      WECHAT_MP_TOKEN: 't',
      PAY_PROVIDER: 'alipay',
      ALIPAY_APP_ID: '2021',
      ALIPAY_PRIVATE_KEY: 'k',
      ALIPAY_PUBLIC_KEY: 'k',
    };
    expect(() => loadEnv(publicSite)).toThrow(/SMS_PROVIDER=outbox[\s\S]*ALLOW_SANDBOX=true/);
    expect(loadEnv({ ...publicSite, ALLOW_SANDBOX: 'true' }).SMS_PROVIDER).toBe('outbox');
  });
});

const quiet = createLogger('error', () => {});
