import {
  isSettingValue,
  SETTING_KEYS,
  type SettingKey,
  type SettingValue,
  type SettingView,
  type SiteSettings,
} from '../../shared/site-settings';
import { type ActivitySettings, activitySettings } from '../config/activity';
import { settingDefaults } from '../config/site-settings';
import { phoneOffered } from '../config/sms';
import { siteSettings as settingsTable } from '../db/schema';
import type { Runtime } from '../runtime';
import { notifiedCache } from './notified-cache';

/** NOTIFY channel: a console setting changed; every process drops its copy. */
export const SETTINGS_CHANNEL = 'miaobi_settings';
/** Safety net: a lost notification cannot keep an old value longer than this. */
const TTL_MS = 60_000;

interface Stored {
  value: SettingValue;
  updatedAt: Date;
}

const cache = notifiedCache({ name: 'settings', channel: SETTINGS_CHANNEL, ttlMs: TTL_MS, maxEntries: 1 });

/** The console's values, by key; a row that no longer validates (bounds changed) is ignored. */
function stored(rt: Runtime): Promise<Map<SettingKey, Stored>> {
  return cache.get(rt, 'rows', async () => {
    const rows = await rt.database.db.select().from(settingsTable);
    const map = new Map<SettingKey, Stored>();
    for (const row of rows) {
      const key = row.key as SettingKey;
      if (SETTING_KEYS.includes(key) && isSettingValue(key, row.value))
        map.set(key, { value: row.value, updatedAt: row.updatedAt });
      else rt.log.warn('site setting ignored', { key: row.key });
    }
    return map;
  });
}

/**
 * The effective site settings: the console's value where it set one, else
 * the environment's. The one place services and pages read these from.
 */
export async function siteSettings(rt: Runtime): Promise<SiteSettings> {
  const rows = await stored(rt);
  // Merged once per copy of the console's rows: the defaults parse the environment's lists
  // (models, sizes), and orders, chats and drawings ask on every request.
  let merged = effective.get(rows);
  if (!merged) {
    const values: Record<string, SettingValue> = { ...settingDefaults(rt.env) };
    for (const [key, s] of rows) values[key] = s.value;
    merged = Object.freeze(values) as SiteSettings;
    effective.set(rows, merged);
  }
  return merged;
}

const effective = new WeakMap<Map<SettingKey, Stored>, SiteSettings>();

/** The activity feature's settings with the console's coupon limit, opening hour, bar and QR images. */
export async function activityConfig(rt: Runtime): Promise<ActivitySettings> {
  const s = await siteSettings(rt);
  return {
    ...activitySettings(rt.env),
    COUPON_DAILY_LIMIT: s.COUPON_DAILY_LIMIT,
    COUPON_OPEN_HOUR: s.COUPON_OPEN_HOUR,
    MAINTENANCE: s.MAINTENANCE,
    GROUP_QR_IMAGE: s.GROUP_QR_IMAGE,
    OFFICIAL_ACCOUNT_QR_IMAGE: s.OFFICIAL_ACCOUNT_QR_IMAGE,
    SUPPORT_QR_IMAGE: s.SUPPORT_QR_IMAGE,
  };
}

/** Every setting as the console shows it. */
export async function settingViews(rt: Runtime): Promise<SettingView[]> {
  const defaults = settingDefaults(rt.env);
  const rows = await stored(rt);
  return SETTING_KEYS.map((key) => {
    const s = rows.get(key);
    const view: SettingView = {
      key,
      value: s ? s.value : defaults[key],
      defaultValue: defaults[key],
      source: s ? 'console' : 'env',
      updatedAt: s ? s.updatedAt.toISOString() : null,
    };
    // A phone gate left on from before SMS_PROVIDER=off is not enforced (account/phone.ts phoneGateOn).
    if (key === 'PHONE_REQUIRED' && view.value === true && !phoneOffered(rt.env)) view.inactive = 'smsOff';
    return view;
  });
}

/** A setting changed: this process and, through NOTIFY, every other reads the table again. */
export function forgetSettings(rt: Runtime): Promise<void> {
  return cache.invalidate(rt);
}
