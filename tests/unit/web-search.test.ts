import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../src/server/config/env';
import { dedupByUrl, normalisedUrl } from '../../src/server/services/web-search/dedup';

describe('web search result URLs', () => {
  it('normalise away what does not change the page', () => {
    const same = [
      'https://www.Example.com/news/1?b=2&a=1',
      'http://example.com/news/1/?a=1&b=2&utm_source=x#top',
      'https://EXAMPLE.com/news/1?spm=abc&a=1&b=2',
    ];
    expect(new Set(same.map(normalisedUrl)).size).toBe(1);
    expect(normalisedUrl('https://example.com/news/2?a=1&b=2')).not.toBe(normalisedUrl(same[0] ?? ''));
    expect(normalisedUrl('https://example.com:8443/')).toBe('example.com:8443');
    expect(normalisedUrl('https://example.com/a/index.html')).toBe(normalisedUrl('https://example.com/a'));
    expect(normalisedUrl('javascript:alert(1)')).toBeNull();
    expect(normalisedUrl('not a url')).toBeNull();
  });

  it('dedup keeps the first of each page, in order, and drops what is no web address', () => {
    const items = [
      { url: 'https://a.example/x', n: 1 },
      { url: 'https://b.example/', n: 2 },
      { url: 'https://www.a.example/x/', n: 3 },
      { url: 'ftp://a.example/x', n: 4 },
      { url: 'https://b.example', n: 5 },
    ];
    expect(dedupByUrl(items).map((i) => i.n)).toEqual([1, 2]);
  });
});

describe('web search environment', () => {
  const real = {
    PAY_PROVIDER: 'alipay',
    ALIPAY_APP_ID: '2021',
    ALIPAY_PRIVATE_KEY: 'k',
    ALIPAY_PUBLIC_KEY: 'k',
    WECHAT_MP_APPID: 'wxapp',
    WECHAT_MP_SECRET: 'secret',
    WECHAT_MP_TOKEN: 'token',
    SMS_PROVIDER: 'tencent',
    SMS_SIGN_NAME: 's',
    SMS_TEMPLATE_ID: '1',
    TENCENT_SMS_SECRET_ID: 'id',
    TENCENT_SMS_SECRET_KEY: 'k',
    TENCENT_SMS_SDK_APP_ID: '1400',
    PUBLIC_ORIGIN: 'https://miaobi.example',
  };

  it('a provider needs its key or address', () => {
    expect(() => loadEnv({ WEB_SEARCH_PROVIDER: 'bocha' })).toThrow(
      /WEB_SEARCH_PROVIDER=bocha needs WEB_SEARCH_API_KEY/,
    );
    expect(() => loadEnv({ WEB_SEARCH_PROVIDER: 'searxng' })).toThrow(/needs WEB_SEARCH_BASE_URL/);
    expect(loadEnv({ WEB_SEARCH_PROVIDER: 'tavily', WEB_SEARCH_API_KEY: 'tvly-1' }).WEB_SEARCH_PROVIDER).toBe('tavily');
  });

  it('the sandbox is refused on a public origin unless ALLOW_SANDBOX=true', () => {
    expect(loadEnv(real).WEB_SEARCH_PROVIDER).toBeUndefined();
    expect(() => loadEnv({ ...real, WEB_SEARCH_PROVIDER: 'sandbox' })).toThrow(EnvError);
    expect(() => loadEnv({ ...real, WEB_SEARCH_PROVIDER: 'sandbox' })).toThrow(
      /WEB_SEARCH_PROVIDER=sandbox[\s\S]*ALLOW_SANDBOX/,
    );
    expect(loadEnv({ ...real, WEB_SEARCH_PROVIDER: 'sandbox', ALLOW_SANDBOX: 'true' }).WEB_SEARCH_PROVIDER).toBe(
      'sandbox',
    );
    expect(loadEnv({ WEB_SEARCH_PROVIDER: 'sandbox' }).WEB_SEARCH_PROVIDER).toBe('sandbox');
  });
});
