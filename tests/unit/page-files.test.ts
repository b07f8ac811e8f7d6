import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesWithFiles } from '../../src/server/page-files';

const root = mkdtempSync(path.join(tmpdir(), 'page-files-'));
let server: Server;
let base = '';
const rendered: string[] = [];
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};`;

/** One request as the network carries it: the raw body, not decompressed. */
function raw(urlPath: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(base + urlPath, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

beforeAll(async () => {
  mkdirSync(path.join(root, '_astro'));
  mkdirSync(path.join(root, 'v1.2'));
  writeFileSync(path.join(root, '_astro', 'app.1234.js'), 'export {};');
  writeFileSync(path.join(root, '_astro', 'words.5678.js'), script);
  writeFileSync(path.join(root, '_astro', 'font.9abc.woff2'), Buffer.alloc(4000, 7));
  writeFileSync(path.join(root, 'favicon.svg'), '<svg/>');
  // A file whose name has no dot: its address is a page's, and pages are rendered.
  writeFileSync(path.join(root, 'chat'), 'not a page');
  writeFileSync(path.join(root, '.env'), 'SECRET=1');
  const ssr = pagesWithFiles((req, res) => {
    rendered.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>page</p>');
  }, root);
  server = createServer(ssr);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('pages behind the built client files (src/server/page-files.ts)', () => {
  it('serves hashed assets for good and public files for revalidation', async () => {
    const asset = await fetch(`${base}/_astro/app.1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('export {};');
    const icon = await fetch(`${base}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=0');
    expect(rendered).toEqual([]);
  });

  it('renders an address without a file name, without looking on disk', async () => {
    const res = await fetch(`${base}/chat?x=1`);
    expect(await res.text()).toBe('<p>page</p>');
    expect(rendered).toContain('/chat?x=1');
  });

  it('renders a file name the disk lacks, a hidden file and a directory', async () => {
    for (const p of ['/sitemap.xml', '/.env', '/_astro', '/_astro/', '/v1.2']) {
      const res = await fetch(base + p);
      expect(await res.text(), p).toBe('<p>page</p>');
    }
    expect(rendered).toEqual(expect.arrayContaining(['/sitemap.xml', '/.env', '/_astro', '/_astro/', '/v1.2']));
  });

  it('answers a hashed file from memory in the encoding asked, compressed once, with its tag', async () => {
    const br = await raw('/_astro/words.5678.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(script.length / 2);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gzip = await raw('/_astro/words.5678.js', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await raw('/_astro/words.5678.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    // Kept: the build never changes a hashed file, so the disk is not read again.
    writeFileSync(path.join(root, '_astro', 'words.5678.js'), 'changed');
    expect((await raw('/_astro/words.5678.js')).body.toString()).toBe(script);

    const etag = br.headers.etag ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await raw('/_astro/words.5678.js', { 'if-none-match': `W/"other", ${etag}` });
    expect([again.status, again.body.length]).toEqual([304, 0]);
    const head = await raw('/_astro/words.5678.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(br.body.length), 0]);
  });

  it('keeps fonts and pictures as they are, and looks again for a hashed file it did not find', async () => {
    const font = await raw('/_astro/font.9abc.woff2', { 'accept-encoding': 'br, gzip' });
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.body.equals(Buffer.alloc(4000, 7))).toBe(true);
    rendered.length = 0;
    expect(await (await fetch(`${base}/_astro/late.0000.js`)).text()).toBe('<p>page</p>');
    writeFileSync(path.join(root, '_astro', 'late.0000.js'), 'export {};');
    expect(await (await fetch(`${base}/_astro/late.0000.js`)).text()).toBe('export {};');
    expect(rendered).toEqual(['/_astro/late.0000.js']);
  });

  it('answers 400 to an address that does not decode', async () => {
    const res = await fetch(`${base}/%E0%A4%A`);
    expect(res.status).toBe(400);
  });
});
