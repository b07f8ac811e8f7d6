import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesWithFiles } from '../../src/server/page-files';

const root = mkdtempSync(path.join(tmpdir(), 'page-files-'));
let server: Server;
let base = '';
const rendered: string[] = [];

beforeAll(async () => {
  mkdirSync(path.join(root, '_astro'));
  mkdirSync(path.join(root, 'v1.2'));
  writeFileSync(path.join(root, '_astro', 'app.1234.js'), 'export {};');
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

  it('answers 400 to an address that does not decode', async () => {
    const res = await fetch(`${base}/%E0%A4%A`);
    expect(res.status).toBe(400);
  });
});
