import { createHash } from 'node:crypto';
import { type APIResponse, expect, test } from '@playwright/test';
import { pagePaths } from './crawl-helpers';

function expectSecurityHeaders(res: APIResponse, what: string) {
  const h = res.headers();
  const csp = h['content-security-policy'] ?? '';
  expect(csp, `${what}: CSP`).toContain("default-src 'self'");
  expect(csp, `${what}: frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: object-src`).toContain("object-src 'none'");
  expect(h['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(h['referrer-policy'], `${what}: referrer-policy`).toBe('strict-origin-when-cross-origin');
  expect(h['x-frame-options'], `${what}: x-frame-options`).toBe('DENY');
  expect(h['permissions-policy'], `${what}: permissions-policy`).toBe('camera=(), microphone=(self), geolocation=()');
  // Plain http on loopback: HSTS only when the request came over https (see tests/api/platform/security-headers.test.ts).
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
    // Pages carry no session: the login token lives in the browser's storage (docs/api.md).
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

/** Inline scripts the browser would run (not JSON-LD data blocks), as written in the HTML. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => !/type="application\/(?:ld\+)?json"/.test(attrs ?? ''))
    .map(([, , body]) => body ?? '');
}

test('pages allow no inline script but their own, each by its SHA-256 hash', async ({ request }) => {
  for (const page of [...pages, '/no-such-page-at-all']) {
    const res = await request.get(page);
    if (!(res.headers()['content-type'] ?? '').includes('text/html')) continue;
    const csp = res.headers()['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc, `${page}: script-src`).toContain("'self'");
    expect(scriptSrc, `${page}: no unsafe-inline`).not.toContain('unsafe-inline');
    expect(csp, `${page}: one policy`).not.toContain(',');
    for (const body of inlineScripts(await res.text())) {
      const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
      expect(scriptSrc, `${page}: hash of ${body.slice(0, 60)}`).toContain(hash);
    }
  }
  // A 304 carries no policy, or the browser would store the fallback one over the page's own.
  // Other tests add public pictures at any moment, each a new /square: ask again until one answer is a 304.
  let csp: string | undefined = '';
  await expect
    .poll(async () => {
      const etag = (await request.get('/square')).headers().etag ?? '';
      const again = await request.get('/square', { headers: { 'if-none-match': etag } });
      csp = again.headers()['content-security-policy'];
      return again.status();
    })
    .toBe(304);
  expect(csp).toBeUndefined();
});
