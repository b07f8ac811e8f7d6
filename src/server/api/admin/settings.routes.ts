import {
  SettingList,
  SettingsChanged,
  settingImage,
  settingImageStored,
  settingsChange,
} from '../../../shared/contract/site-settings';
import { jsonBody } from '../route-kit';
import { consoleRoute } from './console-kit';

// Site settings (docs/console.md): admin only; a change asks for a fresh TOTP code.

export const getSettings = consoleRoute('get', '/admin/settings', SettingList, {
  summary: 'Every site setting: effective value, environment default, source (admin only)',
});

export const changeSettings = consoleRoute('post', '/admin/settings', SettingsChanged, {
  summary: 'Changes site settings (null: back to the environment default); asks for a fresh TOTP code',
  request: { body: jsonBody(settingsChange) },
  more: { 1001602: 'TOTP code needed again' },
});

export const uploadImage = consoleRoute('post', '/admin/settings/image', settingImageStored, {
  summary: 'Stores a QR image (PNG, JPEG, WebP or GIF data URL) for a later settings change (admin only)',
  request: { body: jsonBody(settingImage) },
});
