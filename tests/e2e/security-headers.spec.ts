import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { type APIResponse, expect, test } from '@playwright/test';

/** Every route file under src/pages as a URL path; a new page is checked without editing this test. */
function pagePaths(dir = 'src/pages', prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return pagePaths(full, `${prefix}/${name}`);
    if (!name.endsWith('.astro')) return [];
    const base = name.replace(/\.astro$/, '');
    // A dynamic segment gets a plausible value: the page may answer 404, the headers must still be there.
    const segment = base === 'index' ? '' : `/${base.replace(/^\[\.{0,3}(\w+)\]$/, 'bench0000000000')}`;
    return [`${prefix}${segment}` || '/'];
  });
}

function expectSecurityHeaders(res: APIResponse, what: string) {
  const h = res.headers();
  const csp = h['content-security-policy'] ?? '';
  expect(csp, `${what}: CSP`).toContain("default-src 'self'");
  expect(csp, `${what}: frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: object-src`).toContain("object-src 'none'");
  expect(h['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(h['referrer-policy'], `${what}: referrer-policy`).toBe('strict-origin-when-cross-origin');
  expect(h['x-frame-options'], `${what}: x-frame-options`).toBe('DENY');
  // Plain http on loopback: HSTS only when the request came over https (see tests/api/security-headers.test.ts).
  expect(h['strict-transport-security'], `${what}: no HSTS over http`).toBeUndefined();
  expect(h['x-powered-by'], `${what}: no framework banner`).toBeUndefined();
}

const pages = pagePaths();

test('every page, error page and asset answers with the security headers and sets no cookie', async ({ request }) => {
  expect(pages.length).toBeGreaterThan(15);
  for (const page of [...pages, '/', '/no-such-page-at-all']) {
    const res = await request.get(page, { maxRedirects: 0 });
    expect(res.status(), page).toBeLessThan(600);
    expectSecurityHeaders(res, page);
    // Pages carry no session: the login token lives in the browser's storage (SPEC §7).
    expect(res.headers()['set-cookie'], `${page}: no cookie`).toBeUndefined();
  }
  const html = await (await request.get('/product')).text();
  const asset = /\/_astro\/[\w.-]+\.(?:js|css)/.exec(html)?.[0];
  expect(asset, 'a hashed asset on /product').toBeTruthy();
  const res = await request.get(asset as string);
  expect(res.status()).toBe(200);
  expectSecurityHeaders(res, asset as string);
  expect(res.headers()['cache-control']).toContain('immutable');
});

test('API replies, stored files and the socket path carry the same headers', async ({ request }) => {
  for (const url of ['/api/health', '/api/no-such-route', '/files/none.png', '/websocket/callback']) {
    expectSecurityHeaders(await request.get(url, { maxRedirects: 0 }), url);
  }
});
