import { z } from 'zod';
import { PAY_PROVIDERS } from '../../shared/shop';
import { parseWorkCalendar } from '../../shared/work-calendar';
import { sandboxEnvProblem, sandboxEnvShape } from '../sandbox';
import { activityEnvShape } from './activity';
import { chatEnvShape } from './chat';
import { drawEnvProblems, drawEnvShape } from './drawing';
import { jobsEnvShape } from './jobs';
import { knowledgeEnvShape } from './knowledge';
import { limitsEnvShape } from './limits';
import { musicEnvShape } from './music';
import { referralEnvShape } from './referral';
import { retentionEnvShape } from './retention';
import { smsEnvProblems, smsEnvShape } from './sms';
import { speechEnvShape } from './speech';
import { storageEnvProblems, storageEnvShape } from './storage';
import { videoEnvShape } from './video';
import { webSearchEnvProblems, webSearchEnvShape } from './web-search';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every environment variable the server reads. Nothing else reads
 * process.env: a wrong value stops start-up with a message naming it.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  /** Origin users reach the site at; links in QR codes and e-mails use it. */
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy in front. */
  TRUST_PROXY: bool.default(false),
  /** Multiplies every per-IP rate limit (many users behind one NAT address, or browser tests). */
  IP_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  /**
   * On SIGTERM: how long /api/ready answers 503 before the process stops taking connections, so a
   * load balancer sends new requests elsewhere first (its check interval × failures); then in-flight
   * requests (chat streams) get up to SHUTDOWN_GRACE_MS to finish.
   */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Memory the rendered public pages may hold (with their br/gzip forms), in MB; 0 turns the page cache off. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  /** Largest request body the API accepts, in bytes. */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  /** Seals model channels' API keys and phone numbers at rest; the same on every machine. Unset: a key file in DATA_DIR. */
  CHANNEL_KEY_SECRET: z.string().min(32).max(512).optional(),
  /** A failing channel key's first cool-down; each further failure doubles it, up to 15 minutes. */
  CHANNEL_COOLDOWN_BASE_MS: z.coerce.number().int().min(1000).max(900_000).default(30_000),
  ICP_NUMBER: z.string().max(64).default(''),
  /** Publishing policy per kind (docs/console.md): true holds new public items for review first. */
  REVIEW_PICTURES: bool.default(false),
  REVIEW_SONGS: bool.default(false),
  REVIEW_VIDEOS: bool.default(false),
  REVIEW_APPS: bool.default(false),
  /** Accounts must bind a phone before generating or publishing (docs/accounts.md#phone); the console may change it. */
  PHONE_REQUIRED: bool.default(false),
  /** The content producer and propagator every file's implicit AI label names (docs/compliance.md). */
  AIGC_SERVICE_NAME: z.string().max(64).default('妙笔 Miaobi'),
  /** The service's algorithm filing code (网信算备…), in the same label; empty until filed. */
  AIGC_FILING_CODE: z.string().max(64).default(''),
  /** Working days the complaint desk promises to answer in (published on /complaint and the terms). */
  COMPLAINT_HANDLING_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  /** A short tone before a downloaded song, an audible label beside its file name (docs/compliance.md). */
  SONG_DOWNLOAD_TONE: bool.default(false),
  /** Public holidays and make-up working days the complaint deadline counts by (src/shared/work-calendar.ts). */
  COMPLAINT_CALENDAR: z
    .string()
    .max(4000)
    .default('')
    .refine((v) => parseWorkCalendar(v) !== null, 'not a list of YYYY-MM-DD, YYYY-MM-DD..YYYY-MM-DD or +YYYY-MM-DD'),
  TERMS_URL: z.url().optional(),
  PRIVACY_URL: z.url().optional(),

  /** smtp(s)://user:pass@host:port — unset: mail goes to DATA_DIR/outbox as .eml files. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default('妙笔 <no-reply@miaobi.local>'),

  /** WeChat official account: all three set → real QR login; otherwise the sandbox. */
  WECHAT_MP_APPID: z.string().min(1).max(64).optional(),
  WECHAT_MP_SECRET: z.string().min(1).max(128).optional(),
  WECHAT_MP_TOKEN: z.string().min(1).max(128).optional(),
  /** Base of WeChat's API; tests point it at a local server speaking the same format. */
  WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),

  /** sandbox (default) | wechatpay | alipay */
  PAY_PROVIDER: z.enum(PAY_PROVIDERS).default('sandbox'),
  /** Minutes an order may stay unpaid before it is auto-cancelled (status 7). */
  ...activityEnvShape,
  ...chatEnvShape,
  ...musicEnvShape,
  ...videoEnvShape,
  ...webSearchEnvShape,
  ...drawEnvShape,
  ...limitsEnvShape,
  ...jobsEnvShape,
  ...knowledgeEnvShape,
  ...speechEnvShape,
  ...referralEnvShape,
  ...retentionEnvShape,
  ...sandboxEnvShape,
  ...smsEnvShape,
  ...storageEnvShape,
  PAY_LIMIT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),

  /** WeChat Pay API v3 (PAY_PROVIDER=wechatpay): merchant number and the AppID the orders are placed for. */
  WECHATPAY_MCHID: z.string().min(1).max(32).optional(),
  WECHATPAY_APPID: z.string().min(1).max(64).optional(),
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  WECHATPAY_SERIAL_NO: z.string().min(1).max(64).optional(),
  /** Merchant API private key (apiclient_key.pem): PEM text or a path to the file. */
  WECHATPAY_PRIVATE_KEY: z.string().min(1).max(8192).optional(),
  /** APIv3 key: decrypts notifies (AES-256-GCM). */
  WECHATPAY_API_V3_KEY: z
    .string()
    .refine((v) => Buffer.byteLength(v, 'utf8') === 32, 'must be exactly 32 bytes')
    .optional(),
  /** 微信支付公钥 (pub_key.pem) and its ID (PUB_KEY_ID_…): verify WeChat Pay's replies and notifies. */
  WECHATPAY_PUBLIC_KEY: z.string().min(1).max(8192).optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().min(1).max(64).optional(),
  WECHATPAY_API_BASE: z.url().default('https://api.mch.weixin.qq.com'),

  /** Alipay open platform (PAY_PROVIDER=alipay): the app's ID, its RSA2 private key and Alipay's public key. */
  ALIPAY_APP_ID: z.string().min(1).max(32).optional(),
  /** PEM text, a path to a PEM file, or the bare base64 Alipay's key tool prints. */
  ALIPAY_PRIVATE_KEY: z.string().min(1).max(8192).optional(),
  ALIPAY_PUBLIC_KEY: z.string().min(1).max(8192).optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
});

// A real payment service needs its credentials, and a public notify URL to reach us.
const PAY_REQUIRED = {
  sandbox: [],
  wechatpay: [
    'PUBLIC_ORIGIN',
    'WECHATPAY_MCHID',
    'WECHATPAY_APPID',
    'WECHATPAY_SERIAL_NO',
    'WECHATPAY_PRIVATE_KEY',
    'WECHATPAY_API_V3_KEY',
    'WECHATPAY_PUBLIC_KEY',
    'WECHATPAY_PUBLIC_KEY_ID',
  ],
  alipay: ['PUBLIC_ORIGIN', 'ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'],
} as const satisfies Record<z.infer<typeof envSchema>['PAY_PROVIDER'], ReadonlyArray<keyof z.infer<typeof envSchema>>>;

export type Env = z.infer<typeof envSchema> & { PUBLIC_ORIGIN: string };

export class EnvError extends Error {}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const wechat = [env.WECHAT_MP_APPID, env.WECHAT_MP_SECRET, env.WECHAT_MP_TOKEN].filter(Boolean).length;
  if (wechat !== 0 && wechat !== 3) {
    throw new EnvError(
      'Invalid environment configuration:\n  WECHAT_MP_APPID, WECHAT_MP_SECRET and WECHAT_MP_TOKEN must be set together',
    );
  }
  const missing = PAY_REQUIRED[env.PAY_PROVIDER].filter((k) => env[k] === undefined);
  if (missing.length > 0) {
    throw new EnvError(
      `Invalid environment configuration:\n  PAY_PROVIDER=${env.PAY_PROVIDER} needs ${missing.join(', ')}`,
    );
  }
  const draw = [
    ...drawEnvProblems(env),
    ...storageEnvProblems(env),
    ...webSearchEnvProblems(env),
    ...smsEnvProblems(env),
  ];
  if (draw.length > 0) throw new EnvError(`Invalid environment configuration:\n  ${draw.join('\n  ')}`);
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const full = { ...env, PUBLIC_ORIGIN: (env.PUBLIC_ORIGIN ?? `http://${host}:${env.PORT}`).replace(/\/$/, '') };
  const sandbox = sandboxEnvProblem(full);
  if (sandbox) throw new EnvError(`Invalid environment configuration:\n  ${sandbox}`);
  return full;
}
