import { readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeWhole } from '../../src/server/page-encoding';
import { cachedPageResponse } from '../../src/server/page-http';
import type { Runtime } from '../../src/server/runtime';
import { isCachedPath, pageKey, pageKind } from '../../src/server/services/pages/cached-paths';

// Which pages the cache keeps, under which key and with which status, and the
// one-call compression of what is rendered for one request.

const url = (path: string) => new URL(path, 'http://site');

function runtime(): Runtime {
  return {
    env: { PAGE_CACHE_MB: 8 },
    log: { warn() {}, info() {}, error() {}, debug() {} },
    database: { notifier: { listen: async () => {} } },
  } as unknown as Runtime;
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('cached paths', () => {
  it('keeps /music and /activities, and every other client-only public page', () => {
    for (const path of ['/music', '/activities', '/gallery', '/midjourney', '/sd', '/chat/history', '/myapplication']) {
      expect(isCachedPath(url(path)), path).toBe(true);
    }
    expect(isCachedPath(url('/modifyApplication?id=3'))).toBe(true);
  });

  it('keeps every page but the console: a new page is kept unless it is added here with its reason', () => {
    const sample: Record<string, string> = {
      '[orderNo]': 'M2026000000000001',
      '[...uuid]': '',
      '[id]': 'abc123',
      '[qrcodeSocket]': '0123456789abcdef',
    };
    const pages = readdirSync('src/pages', { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.(?:astro|ts)$/.test(f),
    );
    expect(pages.length).toBeGreaterThan(50);
    for (const file of pages) {
      const path = `/${file.replace(/\.(?:astro|ts)$/, '')}`
        .replace(/\[[^\]]+\]/g, (param) => sample[param] ?? param)
        .replace(/\/index$/, '')
        .replace(/\/$/, '');
      // The console's pages answer per session (its login or the page); /icons.svg is a file kept by browsers.
      const personal = path.startsWith('/admin') || path === '/icons.svg';
      expect(isCachedPath(url(path)), path).toBe(!personal);
    }
  });

  it('keeps one shell per language of the personal-link pages: no address, code or key in the key', () => {
    const email = url('/emailValidation?email=a%40b.c&code=123456&type=register');
    expect(isCachedPath(email)).toBe(true);
    expect(pageKey('zh-CN', email)).toBe('zh-CN|/emailValidation');
    expect(pageKey('en-US', url('/emailValidation?email=x%40y.z&type=login'))).toBe('en-US|/emailValidation');
    const key = 'k'.repeat(43);
    const pay = pageKey('zh-CN', url(`/pay/sandbox/MB20260001?key=${key}`));
    expect(pay).toBe('zh-CN|/pay/sandbox/{orderNo}');
    expect(pageKey('zh-CN', url('/pay/sandbox/MB20260002'))).toBe(pay);
    expect(pageKey('zh-TW', url(`/wx/sandbox/0123456789abcdef?key=${key}`))).toBe('zh-TW|/wx/sandbox/{qrcodeSocket}');
    expect(pageKey('zh-TW', url('/wx/sandbox/fedcba9876543210'))).toBe('zh-TW|/wx/sandbox/{qrcodeSocket}');
    // Addresses the page answers otherwise (404, a redirect) and junk queries are rendered every time.
    expect(isCachedPath(url('/pay/sandbox/not-an-order!'))).toBe(false);
    expect(isCachedPath(url('/wx/sandbox/not-a-socket'))).toBe(false);
    expect(isCachedPath(url(`/pay/sandbox/MB1?key=${key}&x=1`))).toBe(false);
  });

  it('leaves a parameter only the island reads out of the key; any other still bypasses the cache', () => {
    expect(isCachedPath(url('/music?like=s1'))).toBe(true);
    expect(pageKey('zh-CN', url('/music?like=s1'))).toBe(pageKey('zh-CN', url('/music')));
    expect(isCachedPath(url('/music?tab=mine'))).toBe(false);
    expect(pageKey('en-US', url('/songsDetail?id=s1'))).toBe('en-US|/songsDetail?id=s1');
  });

  it('names the status and type of the error pages and the sitemap', () => {
    expect(pageKind(url('/404'))).toEqual({ status: 404, type: 'text/html' });
    expect(pageKind(url('/500'))).toEqual({ status: 500, type: 'text/html' });
    expect(pageKind(url('/gone'))).toEqual({ status: 410, type: 'text/html' });
    expect(pageKind(url('/sitemap.xml'))).toEqual({ status: 200, type: 'application/xml' });
    expect(pageKind(url('/robots.txt'))).toEqual({ status: 200, type: 'text/plain' });
    expect(pageKind(url('/music'))).toEqual({ status: 200, type: 'text/html' });
  });
});

describe('kept answers with their own status', () => {
  it('keeps /404 with its 404 and answers it from memory', async () => {
    const rt = runtime();
    await settle();
    let renders = 0;
    const render = async () => {
      renders += 1;
      return new Response('<p>not found</p>', { status: 404, headers: { 'content-type': 'text/html' } });
    };
    const kind = pageKind(url('/404'));
    const request = () => new Request('http://site/404');
    const first = await cachedPageResponse(rt, request(), 'zh-CN|/404', render, () => false, kind);
    const second = await cachedPageResponse(rt, request(), 'zh-CN|/404', render, () => false, kind);
    expect([first.status, second.status]).toEqual([404, 404]);
    expect(await second.text()).toBe('<p>not found</p>');
    expect(renders).toBe(1);
  });

  it('never keeps an answer of another status than the page its own', async () => {
    const rt = runtime();
    await settle();
    let renders = 0;
    const render = async () => {
      renders += 1;
      return new Response('<p>missing</p>', { status: 404, headers: { 'content-type': 'text/html' } });
    };
    for (let i = 0; i < 2; i++)
      await cachedPageResponse(rt, new Request('http://site/product'), 'zh-CN|/product', render);
    expect(renders).toBe(2);
  });
});

describe('a page rendered for one request', () => {
  const streamed = (chunks: string[], headers: Record<string, string>, status = 200) =>
    new Response(
      new ReadableStream({
        start(c) {
          for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
          c.close();
        },
      }),
      { status, headers },
    );
  const asking = (encoding: string) => new Request('http://site/x', { headers: { 'accept-encoding': encoding } });

  it('is compressed whole, in the encoding asked, keeping its status and headers', async () => {
    const chunks = Array.from({ length: 200 }, (_, i) => `<li>row ${i}</li>`);
    const res = streamed(chunks, { 'content-type': 'text/html', 'cache-control': 'no-store' }, 404);
    const out = await encodeWhole(asking('gzip'), res);
    expect(out.status).toBe(404);
    expect(out.headers.get('content-encoding')).toBe('gzip');
    expect(out.headers.get('vary')).toBe('Accept-Encoding');
    expect(out.headers.get('cache-control')).toBe('no-store');
    expect(gunzipSync(Buffer.from(await out.arrayBuffer())).toString()).toBe(chunks.join(''));
  });

  it('is left alone when already encoded, not text, small, or not asked for', async () => {
    const html = { 'content-type': 'text/html' };
    const big = 'x'.repeat(4096);
    const encoded = streamed([big], { ...html, 'content-encoding': 'br' });
    expect(await encodeWhole(asking('br'), encoded)).toBe(encoded);
    const png = streamed([big], { 'content-type': 'image/png' });
    expect(await encodeWhole(asking('br'), png)).toBe(png);
    const plain = streamed([big], html);
    expect(await encodeWhole(asking('identity'), plain)).toBe(plain);
    const small = await encodeWhole(asking('br'), streamed(['<p>hi</p>'], html));
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('<p>hi</p>');
  });
});
