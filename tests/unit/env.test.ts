import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../src/server/config/env';

describe('environment', () => {
  it('has working defaults: embedded database, sandbox providers, zh site clock', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 4321,
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      PAY_PROVIDER: 'sandbox',
      PAY_LIMIT_MINUTES: 15,
      SITE_TIME_ZONE: 'Asia/Shanghai',
      IP_LIMIT_SCALE: 1,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_ORIGIN).toBe('http://127.0.0.1:4321');
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('stops with a message naming each wrong variable', () => {
    const attempt = () => loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(EnvError);
    const message = (() => {
      try {
        attempt();
      } catch (err) {
        return (err as Error).message;
      }
      return '';
    })();
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL']) expect(message).toContain(`${name}:`);
  });

  it("wants the WeChat official-account variables together, and a payment provider's keys", () => {
    expect(() => loadEnv({ WECHAT_MP_APPID: 'wx1' })).toThrow(/WECHAT_MP_APPID, WECHAT_MP_SECRET and WECHAT_MP_TOKEN/);
    expect(() => loadEnv({ PAY_PROVIDER: 'alipay' })).toThrow(/ALIPAY_APP_ID/);
  });

  it('keeps files on local disk by default; STORAGE=s3 needs a bucket and its credentials', () => {
    expect(loadEnv({}).STORAGE).toBe('local');
    expect(() => loadEnv({ STORAGE: 's3' })).toThrow(
      /STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadEnv({ STORAGE: 's3', S3_BUCKET: 'bucket1', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /s3 needs S3_SECRET_ACCESS_KEY$/,
    );
    expect(() => loadEnv({ STORAGE: 'ftp' })).toThrow(/STORAGE:/);
    expect(() => loadEnv({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: must be a valid bucket name/);
    const env = loadEnv({
      STORAGE: 's3',
      S3_BUCKET: 'miaobi-files',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(env).toMatchObject({ STORAGE: 's3', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
  });
});
