import { z } from 'zod';

export const SMS_PROVIDERS = ['outbox', 'aliyun', 'tencent', 'off'] as const;

/**
 * Text messages' environment variables (docs/accounts.md#phone), spread into config/env.ts's schema.
 * outbox (default) writes each message to DATA_DIR/sms-outbox; aliyun and tencent send for real;
 * off offers no phone features at all (no phone sign-in, no binding, no phone gate).
 */
export const smsEnvShape = {
  SMS_PROVIDER: z.enum(SMS_PROVIDERS).default('outbox'),
  /** The approved signature (签名) and code template the service sends with; its one parameter is the code. */
  SMS_SIGN_NAME: z.string().min(1).max(64).optional(),
  SMS_TEMPLATE_ID: z.string().min(1).max(64).optional(),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).max(128).optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).max(128).optional(),
  /** dysmsapi's address; tests point it at a local server speaking the same format. */
  ALIYUN_SMS_ENDPOINT: z.url({ protocol: /^https?$/ }).default('https://dysmsapi.aliyuncs.com'),
  TENCENT_SMS_SECRET_ID: z.string().min(1).max(128).optional(),
  TENCENT_SMS_SECRET_KEY: z.string().min(1).max(128).optional(),
  /** The SMS application's SdkAppId (1400…). */
  TENCENT_SMS_SDK_APP_ID: z.string().min(1).max(32).optional(),
  TENCENT_SMS_REGION: z.string().min(1).max(32).default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: z.url({ protocol: /^https?$/ }).default('https://sms.tencentcloudapi.com'),
};

const NEEDS = {
  outbox: [],
  off: [],
  aliyun: ['SMS_SIGN_NAME', 'SMS_TEMPLATE_ID', 'ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET'],
  tencent: [
    'SMS_SIGN_NAME',
    'SMS_TEMPLATE_ID',
    'TENCENT_SMS_SECRET_ID',
    'TENCENT_SMS_SECRET_KEY',
    'TENCENT_SMS_SDK_APP_ID',
  ],
} as const;

export type SmsEnv = z.infer<z.ZodObject<typeof smsEnvShape>>;

/** Whether the site texts codes: with off, phone sign-in, binding and the phone gate are not offered. */
export function phoneOffered(env: Pick<SmsEnv, 'SMS_PROVIDER'>): boolean {
  return env.SMS_PROVIDER !== 'off';
}

/** What the environment's provider is missing, as start-up messages. */
export function smsEnvProblems(env: SmsEnv & { PHONE_REQUIRED: boolean }): string[] {
  const missing = NEEDS[env.SMS_PROVIDER].filter((k) => env[k] === undefined);
  const problems = missing.length > 0 ? [`SMS_PROVIDER=${env.SMS_PROVIDER} needs ${missing.join(', ')}`] : [];
  // Nobody could bind a phone, so the gate would lock every account out of generating and publishing.
  if (env.PHONE_REQUIRED && !phoneOffered(env))
    problems.push('PHONE_REQUIRED=true needs an SMS service to bind phones: set SMS_PROVIDER, or PHONE_REQUIRED=false');
  return problems;
}
