import path from 'node:path';
import type { Env } from '../../config/env';
import type { Logger } from '../../log';
import { createAliyunSms } from './aliyun';
import { createSmsOutbox } from './outbox';
import { createTencentSms } from './tencent';
import type { SmsProvider } from './types';

export type { SmsCode, SmsProvider } from './types';
export { SmsError } from './types';

/** SMS_PROVIDER picks the service, once at start-up (config/sms.ts checked its settings). */
export function createSmsProvider(env: Env, log: Logger): SmsProvider {
  const need = (v: string | undefined) => {
    if (!v) throw new Error(`SMS_PROVIDER=${env.SMS_PROVIDER} is missing a setting`);
    return v;
  };
  if (env.SMS_PROVIDER === 'aliyun')
    return createAliyunSms({
      accessKeyId: need(env.ALIYUN_SMS_ACCESS_KEY_ID),
      accessKeySecret: need(env.ALIYUN_SMS_ACCESS_KEY_SECRET),
      signName: need(env.SMS_SIGN_NAME),
      templateCode: need(env.SMS_TEMPLATE_ID),
      endpoint: env.ALIYUN_SMS_ENDPOINT,
    });
  if (env.SMS_PROVIDER === 'tencent')
    return createTencentSms({
      secretId: need(env.TENCENT_SMS_SECRET_ID),
      secretKey: need(env.TENCENT_SMS_SECRET_KEY),
      sdkAppId: need(env.TENCENT_SMS_SDK_APP_ID),
      signName: need(env.SMS_SIGN_NAME),
      templateId: need(env.SMS_TEMPLATE_ID),
      region: env.TENCENT_SMS_REGION,
      endpoint: env.TENCENT_SMS_ENDPOINT,
    });
  // The phone routes refuse before texting (services/account/phone.ts); this only guards a missed check.
  if (env.SMS_PROVIDER === 'off')
    return { mode: 'off', sendCode: () => Promise.reject(new Error('SMS_PROVIDER=off texts nothing')) };
  return createSmsOutbox(path.join(env.DATA_DIR, 'sms-outbox'), log);
}
