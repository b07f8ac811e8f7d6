import { createRoute, z } from '@hono/zod-openapi';
import { SettingsChanged, SettingView } from '../../../shared/contract/site-settings';
import {
  SETTING_IMAGE_MAX_BYTES,
  SETTING_KEYS,
  type SettingKey,
  SITE_SETTINGS,
  UPLOADED_IMAGE,
} from '../../../shared/site-settings';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';
import { int, pattern, rawText, text } from '../validation';
import { codes, requestId, tags, totpCode } from './console-kit';

// Site settings (docs/console.md): admin only; a change asks for a fresh TOTP code.

function valueSchema(key: SettingKey) {
  const def: { kind: string; min?: number; max?: number } = SITE_SETTINGS[key];
  switch (def.kind) {
    case 'int':
      return int(def.min, def.max);
    case 'bool':
      return z.boolean();
    case 'text':
      return text(def.max ?? 0);
    default:
      return pattern(UPLOADED_IMAGE, 64, { message: 'admin:settings.imageUploaded' });
  }
}

/** Each setting optional; null resets it to its environment default. Unknown keys are refused. */
const values = z
  .object(Object.fromEntries(SETTING_KEYS.map((k) => [k, valueSchema(k).nullable().optional()])))
  .strict();

export const getSettings = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/settings',
  tags,
  summary: 'Every site setting: effective value, environment default, source (admin only)',
  responses: jsonResponses(z.array(SettingView), codes),
});

export const changeSettings = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/settings',
  tags,
  summary: 'Changes site settings (null: back to the environment default); asks for a fresh TOTP code',
  request: { body: jsonBody(z.object({ values, requestId, code: totpCode.optional() })) },
  responses: jsonResponses(SettingsChanged, {
    ...codes,
    1001602: 'TOTP code needed again',
  }),
});

// Room above the image limit (base64 makes 4 characters of 3 bytes), so an image a little too large
// gets the service's message in kilobytes; BODY_LIMIT caps the request all the same.
const DATA_URL_MAX = SETTING_IMAGE_MAX_BYTES * 2;
export const uploadImage = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/settings/image',
  tags,
  summary: 'Stores a QR image (PNG, JPEG, WebP or GIF data URL) for a later settings change (admin only)',
  request: { body: jsonBody(z.object({ image: rawText(DATA_URL_MAX, 1) })) },
  responses: jsonResponses(z.object({ url: z.string() }), codes),
});
