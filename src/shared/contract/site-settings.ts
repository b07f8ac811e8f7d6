import { z } from '@hono/zod-openapi';
import { SETTING_KEYS, type SettingKey } from '../site-settings';

/** The console's site settings (src/server/services/site-settings.ts, docs/console.md). */

const value = z.union([z.string(), z.number(), z.boolean()]);

/** One setting as the console shows it: the effective value and where it comes from. */
export const SettingView = z
  .object({
    key: z.enum(SETTING_KEYS as [SettingKey, ...SettingKey[]]),
    value,
    defaultValue: value,
    source: z.enum(['console', 'env']),
    updatedAt: z.string().nullable(),
  })
  .openapi('AdminSetting');

/** A change: applied false when the request id already acted; the settings as they are now. */
export const SettingsChanged = z
  .object({ applied: z.boolean(), settings: z.array(SettingView) })
  .openapi('AdminSettingsChanged');

export type SettingView = z.infer<typeof SettingView>;
