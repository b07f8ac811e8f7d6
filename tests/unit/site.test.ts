import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_INFO, getSiteInfo, isExternalUrl } from '../../src/lib/site';

describe('getSiteInfo', () => {
  afterEach(() => {
    globalThis.__miaobiSite = undefined;
  });

  it('uses the defaults when the server published nothing', () => {
    expect(getSiteInfo()).toEqual(DEFAULT_SITE_INFO);
  });

  it('takes the server values and ignores null or blank ones', () => {
    globalThis.__miaobiSite = {
      termsUrl: null,
      privacyUrl: ' https://example.com/p ',
    };
    expect(getSiteInfo()).toEqual({ ...DEFAULT_SITE_INFO, privacyUrl: 'https://example.com/p' });
    globalThis.__miaobiSite = { termsUrl: '   ' };
    expect(getSiteInfo().termsUrl).toBe('/terms');
  });
});

describe('isExternalUrl', () => {
  it('tells other sites from our own paths', () => {
    expect(isExternalUrl('https://example.com/terms')).toBe(true);
    expect(isExternalUrl('HTTP://example.com')).toBe(true);
    expect(isExternalUrl('/terms')).toBe(false);
    expect(isExternalUrl('//example.com')).toBe(true);
    expect(isExternalUrl('privacy')).toBe(false);
  });
});
