import { z } from '@hono/zod-openapi';
import {
  SETTING_IMAGE_MAX_BYTES,
  SETTING_KEYS,
  type SettingKey,
  SITE_SETTINGS,
  UPLOADED_IMAGE,
} from '../site-settings';
import { parseWorkCalendar } from '../work-calendar';
import { requestId, totpCode } from './admin';
import { int, pattern, rawText, text } from './input';

/** The console's site settings (src/server/services/site-settings.ts, docs/console.md): requests and replies. */

function valueSchema(key: SettingKey) {
  const def: { kind: string; min?: number; max?: number } = SITE_SETTINGS[key];
  switch (def.kind) {
    case 'int':
      return int(def.min, def.max);
    case 'bool':
      return z.boolean();
    case 'text':
      return text(def.max ?? 0);
    case 'calendar':
      return text(def.max ?? 0).refine((v) => parseWorkCalendar(v) !== null, {
        message: 'admin:settings.calendarFormat',
      });
    default:
      return pattern(UPLOADED_IMAGE, 64, { message: 'admin:settings.imageUploaded' });
  }
}

/** Each setting optional; null resets it to its environment default. Unknown keys are refused. */
const values = z
  .object(Object.fromEntries(SETTING_KEYS.map((k) => [k, valueSchema(k).nullable().optional()])))
  .strict();

/** POST /api/admin/settings: the changed values; a fresh TOTP code. */
export const settingsChange = z.object({ values, requestId, code: totpCode.optional() });

// Room above the image limit (base64 makes 4 characters of 3 bytes), so an image a little too large
// gets the service's message in kilobytes; BODY_LIMIT caps the request all the same.
const DATA_URL_MAX = SETTING_IMAGE_MAX_BYTES * 2;
/** POST /api/admin/settings/image: a QR image as a data URL. */
export const settingImage = z.object({ image: rawText(DATA_URL_MAX, 1) });
/** The stored image's address, for a later settings change. */
export const settingImageStored = z.object({ url: z.string() });

const value = z.union([z.string(), z.number(), z.boolean()]);

/** One setting as the console shows it: the effective value and where it comes from. */
export const SettingView = z
  .object({
    key: z.enum(SETTING_KEYS as [SettingKey, ...SettingKey[]]),
    value,
    defaultValue: value,
    source: z.enum(['console', 'env']),
    updatedAt: z.string().nullable(),
    /** Why the value is not in force here: smsOff, a phone requirement on a site without SMS. */
    inactive: z.enum(['smsOff']).optional(),
  })
  .openapi('AdminSetting');

/** GET /api/admin/settings: every setting. */
export const SettingList = z.array(SettingView);

/** A change: applied false when the request id already acted; the settings as they are now. */
export const SettingsChanged = z
  .object({ applied: z.boolean(), settings: z.array(SettingView) })
  .openapi('AdminSettingsChanged');

export type SettingView = z.infer<typeof SettingView>;
