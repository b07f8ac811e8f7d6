import { describe, expect, it } from 'vitest';
import { envSchema, loadEnv } from '../../src/server/config/env';
import { settingDefaults } from '../../src/server/config/site-settings';
import { isSettingValue, SETTING_GROUPS, SETTING_KEYS, SITE_SETTINGS } from '../../src/shared/site-settings';

describe('console site settings', () => {
  it('take the bounds of their environment variables', () => {
    for (const key of SETTING_KEYS) {
      const def: { kind: string; min?: number; max?: number } = SITE_SETTINGS[key];
      const env = envSchema.shape[key];
      if (def.kind === 'int') {
        const { min = 0, max = 0 } = def;
        expect(env.safeParse(String(min)).success, key).toBe(true);
        expect(env.safeParse(String(min - 1)).success, key).toBe(false);
        expect(env.safeParse(String(max)).success, key).toBe(true);
        expect(env.safeParse(String(max + 1)).success, key).toBe(false);
        expect(isSettingValue(key, min) && isSettingValue(key, max), key).toBe(true);
        expect(isSettingValue(key, max + 1) || isSettingValue(key, min - 1) || isSettingValue(key, min + 0.5)).toBe(
          false,
        );
      }
      if (def.kind === 'text') {
        expect(env.safeParse('x'.repeat(def.max ?? 0)).success).toBe(true);
        expect(env.safeParse('x'.repeat((def.max ?? 0) + 1)).success).toBe(false);
      }
    }
  });

  it('are each shown in one console group', () => {
    expect(Object.values(SETTING_GROUPS).flat().sort()).toEqual([...SETTING_KEYS].sort());
  });

  it('default to the environment', () => {
    const env = loadEnv({ ICP_NUMBER: '京ICP备1号', MAINTENANCE: 'true', DRAW_FREE_DAILY: '4', COUPON_OPEN_HOUR: '8' });
    expect(settingDefaults(env)).toMatchObject({
      ICP_NUMBER: '京ICP备1号',
      MAINTENANCE: true,
      DRAW_FREE_DAILY: 4,
      COUPON_OPEN_HOUR: 8,
      PAY_LIMIT_MINUTES: 15,
      GROUP_QR_IMAGE: '/images/group-qr.svg',
    });
  });

  it('accept only images the console uploaded', () => {
    expect(isSettingValue('GROUP_QR_IMAGE', '/files/site/0123456789abcdef01234567.png')).toBe(true);
    for (const v of ['/images/group-qr.svg', 'https://x.example/a.png', '/files/site/../x.png', 1])
      expect(isSettingValue('GROUP_QR_IMAGE', v)).toBe(false);
  });
});
