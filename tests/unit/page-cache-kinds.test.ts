import { readdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync, zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeHandler } from '../../src/server/http';
import { compressedWhole } from '../../src/server/page-encoding';
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
  // A stand-in for Astro's node adapter: the head with its headers, the body in chunks, then the end.
  const page =
    (chunks: string[], headers: Record<string, string>, status = 200): NodeHandler =>
    (_req, res) => {
      res.writeHead(status, headers);
      for (const chunk of chunks) res.write(new TextEncoder().encode(chunk));
      res.end();
    };
  let server: Server;
  let handler: NodeHandler = () => {};
  beforeAll(async () => {
    server = createServer((req, res) => compressedWhole(handler)(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The raw answer to a request asking `encoding`: status, headers and the bytes as sent. */
  function ask(with_: NodeHandler, encoding: string, method = 'GET') {
    handler = with_;
    const { port } = server.address() as AddressInfo;
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = request({ port, method, path: '/x', headers: { 'accept-encoding': encoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('is compressed whole, zstd first, then gzip, then brotli, keeping its status and headers', async () => {
    const chunks = Array.from({ length: 200 }, (_, i) => `<li>row ${i}</li>`);
    const html = page(chunks, { 'content-type': 'text/html', 'cache-control': 'no-store' }, 404);
    const out = await ask(html, 'gzip, deflate, br, zstd');
    expect(out.status).toBe(404);
    expect(out.headers['content-encoding']).toBe('zstd');
    expect(out.headers.vary).toBe('Accept-Encoding');
    expect(out.headers['cache-control']).toBe('no-store');
    expect(Number(out.headers['content-length'])).toBe(out.body.byteLength);
    expect(zstdDecompressSync(out.body).toString()).toBe(chunks.join(''));
    const gzip = await ask(html, 'gzip, deflate, br, zstd;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(chunks.join(''));
    const br = await ask(html, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(chunks.join(''));
  });

  it('is sent as it comes when already encoded, not text, small, not asked for, or a HEAD', async () => {
    const html = { 'content-type': 'text/html' };
    const big = 'x'.repeat(4096);
    const kept = gzipSync(big);
    const encoded: NodeHandler = (_req, res) => {
      res.writeHead(200, { ...html, 'content-encoding': 'gzip' });
      res.end(kept);
    };
    const asIs = await ask(encoded, 'gzip');
    expect(asIs.body.equals(kept)).toBe(true);
    const png = await ask(page([big], { 'content-type': 'image/png' }), 'gzip');
    expect([png.headers['content-encoding'], png.body.toString()]).toEqual([undefined, big]);
    const plain = await ask(page([big], html), 'identity');
    expect([plain.headers['content-encoding'], plain.body.toString()]).toEqual([undefined, big]);
    const small = await ask(page(['<p>hi</p>'], html), 'gzip');
    expect([small.headers['content-encoding'], small.body.toString()]).toEqual([undefined, '<p>hi</p>']);
    const head = await ask(page([big], html), 'gzip', 'HEAD');
    expect([head.status, head.headers['content-encoding']]).toEqual([200, undefined]);
  });

  it('sends a body written before any head as it comes when its type is not text', async () => {
    const bytes = Buffer.alloc(4096, 7);
    const implicit: NodeHandler = (_req, res) => {
      res.setHeader('content-type', 'application/octet-stream');
      res.write(bytes.subarray(0, 2048));
      res.end(bytes.subarray(2048));
    };
    const out = await ask(implicit, 'gzip');
    expect(out.headers['content-encoding']).toBeUndefined();
    expect(out.body.equals(bytes)).toBe(true);
  });
});
