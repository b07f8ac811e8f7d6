import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US/activity.json';
import zh from '../../locales/zh-CN/activity.json';
import tw from '../../locales/zh-TW/activity.json';
import { activityEnvSchema, activitySettings } from '../../src/server/config/activity';

describe('activity locales and settings', () => {
  it('has the same keys in every language, and the product texts in zh-CN', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    expect(Object.keys(tw).sort()).toEqual(Object.keys(zh).sort());
    expect(zh['claim.button']).toBe('立即领取');
    expect(zh['maintenance.text']).toBe('系统维护中，请稍后使用');
  });
  it('defaults to Asia/Shanghai, 50 a day from 12:00, and validates values', () => {
    const s = activitySettings({});
    expect(s).toMatchObject({
      SITE_TIME_ZONE: 'Asia/Shanghai',
      COUPON_DAILY_LIMIT: 50,
      COUPON_OPEN_HOUR: 12,
      MAINTENANCE: false,
    });
    expect(activitySettings({ MAINTENANCE: true, COUPON_OPEN_HOUR: 9 })).toMatchObject({
      MAINTENANCE: true,
      COUPON_OPEN_HOUR: 9,
    });
    expect(activityEnvSchema.safeParse({ SITE_TIME_ZONE: 'Nowhere/City' }).success).toBe(false);
    expect(activityEnvSchema.safeParse({ GROUP_QR_IMAGE: 'javascript:alert(1)' }).success).toBe(false);
  });
});
