/**
 * Site settings the console may change (docs/console.md). Each is named by
 * the environment variable that stays its default; the bounds are the env
 * schema's (tests/unit/site-settings.test.ts keeps them equal). Shared by the
 * server (validation, effective values) and the console island (inputs).
 */
import { parseWorkCalendar } from './work-calendar';

export const SITE_SETTINGS = {
  ICP_NUMBER: { kind: 'text', max: 64 },
  MAINTENANCE: { kind: 'bool' },
  GROUP_QR_IMAGE: { kind: 'image' },
  OFFICIAL_ACCOUNT_QR_IMAGE: { kind: 'image' },
  SUPPORT_QR_IMAGE: { kind: 'image' },
  CHAT_FREE_VISITOR_DAILY: { kind: 'int', min: 0, max: 100_000 },
  CHAT_FREE_USER_DAILY: { kind: 'int', min: 0, max: 100_000 },
  CHAT_MEMBER_DAILY: { kind: 'int', min: 0, max: 1_000_000 },
  CHAT_TOKENS_VISITOR_DAILY: { kind: 'int', min: 0, max: 1_000_000_000 },
  CHAT_TOKENS_USER_DAILY: { kind: 'int', min: 0, max: 1_000_000_000 },
  CHAT_TOKENS_MEMBER_DAILY: { kind: 'int', min: 0, max: 1_000_000_000 },
  TOOL_CALLS_VISITOR_DAILY: { kind: 'int', min: 0, max: 1_000_000 },
  TOOL_CALLS_USER_DAILY: { kind: 'int', min: 0, max: 1_000_000 },
  TOOL_CALLS_MEMBER_DAILY: { kind: 'int', min: 0, max: 1_000_000 },
  DRAW_FREE_DAILY: { kind: 'int', min: 0, max: 100_000 },
  DRAW_MEMBER_DAILY: { kind: 'int', min: 0, max: 1_000_000 },
  MUSIC_FREE_DAILY: { kind: 'int', min: 0, max: 1000 },
  MUSIC_MEMBER_FREE_DAILY: { kind: 'int', min: 0, max: 1000 },
  VIDEO_FREE_DAILY: { kind: 'int', min: 0, max: 1000 },
  VIDEO_MEMBER_FREE_DAILY: { kind: 'int', min: 0, max: 1000 },
  WEB_SEARCH_VISITOR_DAILY: { kind: 'int', min: 0, max: 100_000 },
  WEB_SEARCH_FREE_DAILY: { kind: 'int', min: 0, max: 100_000 },
  WEB_SEARCH_MEMBER_DAILY: { kind: 'int', min: 0, max: 1_000_000 },
  KNOWLEDGE_BASES_USER: { kind: 'int', min: 0, max: 1000 },
  KNOWLEDGE_BASES_MEMBER: { kind: 'int', min: 0, max: 1000 },
  KNOWLEDGE_FILES_USER: { kind: 'int', min: 0, max: 100_000 },
  KNOWLEDGE_FILES_MEMBER: { kind: 'int', min: 0, max: 100_000 },
  KNOWLEDGE_MB_USER: { kind: 'int', min: 0, max: 100_000 },
  KNOWLEDGE_MB_MEMBER: { kind: 'int', min: 0, max: 100_000 },
  KNOWLEDGE_CHUNKS_USER: { kind: 'int', min: 0, max: 10_000_000 },
  KNOWLEDGE_CHUNKS_MEMBER: { kind: 'int', min: 0, max: 10_000_000 },
  PAY_LIMIT_MINUTES: { kind: 'int', min: 1, max: 24 * 60 },
  COUPON_DAILY_LIMIT: { kind: 'int', min: 0, max: 1_000_000 },
  COUPON_OPEN_HOUR: { kind: 'int', min: 0, max: 23 },
  REVIEW_PICTURES: { kind: 'bool' },
  REVIEW_SONGS: { kind: 'bool' },
  REVIEW_VIDEOS: { kind: 'bool' },
  REVIEW_APPS: { kind: 'bool' },
  PHONE_REQUIRED: { kind: 'bool' },
  AIGC_SERVICE_NAME: { kind: 'text', max: 64 },
  AIGC_FILING_CODE: { kind: 'text', max: 64 },
  COMPLAINT_HANDLING_DAYS: { kind: 'int', min: 1, max: 30 },
  SONG_DOWNLOAD_TONE: { kind: 'bool' },
  COMPLAINT_CALENDAR: { kind: 'calendar', max: 4000 },
  REFERRAL_INVITER_DAYS: { kind: 'int', min: 0, max: 366 },
  REFERRAL_INVITEE_DAYS: { kind: 'int', min: 0, max: 366 },
  REFERRAL_INVITER_CREDITS: { kind: 'int', min: 0, max: 1_000_000 },
  REFERRAL_INVITEE_CREDITS: { kind: 'int', min: 0, max: 1_000_000 },
  REFERRAL_DAILY_CAP: { kind: 'int', min: 0, max: 10_000 },
  REFERRAL_LEVEL1_BP: { kind: 'int', min: 0, max: 5000 },
  REFERRAL_LEVEL2_BP: { kind: 'int', min: 0, max: 5000 },
  REFERRAL_HOLD_DAYS: { kind: 'int', min: 0, max: 365 },
  REFERRAL_WITHDRAW_MIN_FEN: { kind: 'int', min: 1, max: 100_000_000 },
  PAYMENT_RECORDS_KEEP_DAYS: { kind: 'int', min: 180, max: 3650 },
  GENERATION_LOGS_KEEP_MONTHS: { kind: 'int', min: 6, max: 120 },
} as const;

type Defs = typeof SITE_SETTINGS;
export type SettingKey = keyof Defs;
export const SETTING_KEYS = Object.keys(SITE_SETTINGS) as SettingKey[];

/** The value type of each setting. */
export type SiteSettings = {
  [K in SettingKey]: Defs[K]['kind'] extends 'int' ? number : Defs[K]['kind'] extends 'bool' ? boolean : string;
};
export type SettingValue = SiteSettings[SettingKey];

/** How the console groups them, in order. */
export const SETTING_GROUPS: Record<
  'site' | 'images' | 'quotas' | 'shop' | 'publishing' | 'compliance' | 'referral' | 'retention',
  SettingKey[]
> = {
  site: ['ICP_NUMBER', 'MAINTENANCE'],
  images: ['GROUP_QR_IMAGE', 'OFFICIAL_ACCOUNT_QR_IMAGE', 'SUPPORT_QR_IMAGE'],
  quotas: [
    'CHAT_FREE_VISITOR_DAILY',
    'CHAT_FREE_USER_DAILY',
    'CHAT_MEMBER_DAILY',
    'CHAT_TOKENS_VISITOR_DAILY',
    'CHAT_TOKENS_USER_DAILY',
    'CHAT_TOKENS_MEMBER_DAILY',
    'TOOL_CALLS_VISITOR_DAILY',
    'TOOL_CALLS_USER_DAILY',
    'TOOL_CALLS_MEMBER_DAILY',
    'DRAW_FREE_DAILY',
    'DRAW_MEMBER_DAILY',
    'MUSIC_FREE_DAILY',
    'MUSIC_MEMBER_FREE_DAILY',
    'VIDEO_FREE_DAILY',
    'VIDEO_MEMBER_FREE_DAILY',
    'WEB_SEARCH_VISITOR_DAILY',
    'WEB_SEARCH_FREE_DAILY',
    'WEB_SEARCH_MEMBER_DAILY',
    'KNOWLEDGE_BASES_USER',
    'KNOWLEDGE_BASES_MEMBER',
    'KNOWLEDGE_FILES_USER',
    'KNOWLEDGE_FILES_MEMBER',
    'KNOWLEDGE_MB_USER',
    'KNOWLEDGE_MB_MEMBER',
    'KNOWLEDGE_CHUNKS_USER',
    'KNOWLEDGE_CHUNKS_MEMBER',
  ],
  shop: ['PAY_LIMIT_MINUTES', 'COUPON_DAILY_LIMIT', 'COUPON_OPEN_HOUR'],
  // Publishing policy: on, a new public item waits in /admin/review; off, it is public at once.
  // PHONE_REQUIRED: an account without a bound phone may neither generate nor publish (real identity).
  publishing: ['REVIEW_PICTURES', 'REVIEW_SONGS', 'REVIEW_VIDEOS', 'REVIEW_APPS', 'PHONE_REQUIRED'],
  // The operator named in every file's implicit AI label, and the complaint desk's published handling time.
  compliance: [
    'AIGC_SERVICE_NAME',
    'AIGC_FILING_CODE',
    'COMPLAINT_HANDLING_DAYS',
    'COMPLAINT_CALENDAR',
    'SONG_DOWNLOAD_TONE',
  ],
  // Invites and commission (docs/referral.md): rewards in days and credits, rates in basis points, the minimum in fen.
  referral: [
    'REFERRAL_INVITER_DAYS',
    'REFERRAL_INVITEE_DAYS',
    'REFERRAL_INVITER_CREDITS',
    'REFERRAL_INVITEE_CREDITS',
    'REFERRAL_DAILY_CAP',
    'REFERRAL_LEVEL1_BP',
    'REFERRAL_LEVEL2_BP',
    'REFERRAL_HOLD_DAYS',
    'REFERRAL_WITHDRAW_MIN_FEN',
  ],
  // How long kept records live (docs/retention.md); the minimums are the law's or the evidence's.
  retention: ['PAYMENT_RECORDS_KEEP_DAYS', 'GENERATION_LOGS_KEEP_MONTHS'],
};

/** An image the console uploaded: stored by the storage provider as PNG under site/. */
export const UPLOADED_IMAGE = /^\/files\/site\/[a-f0-9]{24}\.png$/;
/** Largest QR image upload, in bytes (before it is decoded and stored as PNG). */
export const SETTING_IMAGE_MAX_BYTES = 512 * 1024;
export const SETTING_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Whether `value` is a valid value of setting `key` (bounds, type, uploaded image). */
export function isSettingValue(key: SettingKey, value: unknown): value is SettingValue {
  const def: { kind: string; min?: number; max?: number } = SITE_SETTINGS[key];
  switch (def.kind) {
    case 'int':
      return Number.isInteger(value) && (value as number) >= (def.min ?? 0) && (value as number) <= (def.max ?? 0);
    case 'bool':
      return typeof value === 'boolean';
    case 'text':
      return typeof value === 'string' && value.length <= (def.max ?? 0);
    case 'calendar':
      return typeof value === 'string' && value.length <= (def.max ?? 0) && parseWorkCalendar(value) !== null;
    default:
      return typeof value === 'string' && UPLOADED_IMAGE.test(value);
  }
}

/** One setting as the console shows it: the effective value and where it comes from. */
export interface SettingView {
  key: SettingKey;
  value: SettingValue;
  defaultValue: SettingValue;
  source: 'console' | 'env';
  updatedAt: string | null;
  /** Why the value is not in force on this site (admin:settings.inactive.*); absent when it is. */
  inactive?: 'smsOff';
}
