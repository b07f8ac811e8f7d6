import { createRoute } from '@hono/zod-openapi';
import {
  SettingList,
  SettingsChanged,
  settingImage,
  settingImageStored,
  settingsChange,
} from '../../../shared/contract/site-settings';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';
import { codes, tags } from './console-kit';

// Site settings (docs/console.md): admin only; a change asks for a fresh TOTP code.

export const getSettings = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/settings',
  tags,
  summary: 'Every site setting: effective value, environment default, source (admin only)',
  responses: jsonResponses(SettingList, codes),
});

export const changeSettings = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/settings',
  tags,
  summary: 'Changes site settings (null: back to the environment default); asks for a fresh TOTP code',
  request: { body: jsonBody(settingsChange) },
  responses: jsonResponses(SettingsChanged, {
    ...codes,
    1001602: 'TOTP code needed again',
  }),
});

export const uploadImage = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/settings/image',
  tags,
  summary: 'Stores a QR image (PNG, JPEG, WebP or GIF data URL) for a later settings change (admin only)',
  request: { body: jsonBody(settingImage) },
  responses: jsonResponses(settingImageStored, codes),
});
