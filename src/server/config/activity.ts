import { z } from 'zod';
import { isTimeZone } from '../../shared/site-time';

const bool = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes'),
]);
/** A path under public/ ("/images/x.png") or an http(s) URL. */
const imageRef = z
  .string()
  .max(500)
  .regex(/^(\/[^/]|https?:\/\/)/, 'must be a path starting with / or an http(s) URL');

/**
 * Environment variables of the activity, notices and install features, meant
 * to be spread into config/env.ts's schema (`...activityEnvShape`).
 * Values may arrive as strings (process.env) or already parsed (Env).
 */
export const activityEnvShape = {
  /** IANA zone whose wall clock opens the daily claim and ends "valid only today". */
  SITE_TIME_ZONE: z.string().max(64).refine(isTimeZone, 'unknown time zone').default('Asia/Shanghai'),
  /** Experience codes coupon 48 gives out per day. */
  COUPON_DAILY_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(50),
  /** Hour (0–23, site time zone) the daily claim opens. */
  COUPON_OPEN_HOUR: z.coerce.number().int().min(0).max(23).default(12),
  /** Days a redeemed experience code lasts: 1 = until the end of the day it is redeemed. */
  COUPON_TRIAL_DAYS: z.coerce.number().int().min(1).max(366).default(1),
  /** Membership level (vipType) a trial grants. */
  COUPON_TRIAL_LEVEL: z.coerce.number().int().min(1).max(9).default(1),
  /** Shows the maintenance bar on every page. */
  MAINTENANCE: bool.default(false),
  GROUP_QR_IMAGE: imageRef.default('/images/group-qr.svg'),
  OFFICIAL_ACCOUNT_QR_IMAGE: imageRef.default('/images/official-account-qr.svg'),
  SUPPORT_QR_IMAGE: imageRef.default('/images/support-qr.svg'),
  /** Android package download; unset: the download dialog offers installing the web app instead. */
  ANDROID_APK_URL: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
};

export const activityEnvSchema = z.object(activityEnvShape);
export type ActivitySettings = z.infer<typeof activityEnvSchema>;

const keys = Object.keys(activityEnvShape) as (keyof ActivitySettings)[];
const cache = new WeakMap<object, ActivitySettings>();

/** The activity settings of a runtime's validated environment (env.ts spreads activityEnvShape). */
export function activitySettings(env: object): ActivitySettings {
  const hit = cache.get(env);
  if (hit) return hit;
  const source: Record<string, unknown> = {};
  const given = env as Record<string, unknown>;
  for (const key of keys) {
    const value = given[key];
    if (value !== undefined && value !== '') source[key] = value;
  }
  const settings = activityEnvSchema.parse(source);
  cache.set(env, settings);
  return settings;
}
