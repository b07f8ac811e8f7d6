import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { type APIResponse, expect, type Page, test } from '@playwright/test';
import { createAccount, uniqueEmail, useToken } from './account-helpers';
import { waitForHydration } from './helpers';

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
  const etag = (await request.get('/square')).headers().etag ?? '';
  const again = await request.get('/square', { headers: { 'if-none-match': etag } });
  expect(again.status()).toBe(304);
  expect(again.headers()['content-security-policy']).toBeUndefined();
});

/** Script errors and CSP violations the page reports from now on (the list fills as pages load). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('pageerror', (err) => violations.push(`${page.url()}: ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text()))
      violations.push(`${page.url()}: ${m.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  return violations;
}

async function visitAll(page: Page) {
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState('load');
    await waitForHydration(page);
  }
}

// Visitors and logged-in users are two tests, so the two crawls run side by side on two workers.
test.describe('every page runs and hydrates with no CSP violation or script error', () => {
  test('for visitors', async ({ page }) => {
    test.setTimeout(180_000);
    const violations = await watchViolations(page);
    await visitAll(page);
    // The account dialog mounts through the custom client:event directive on its first click.
    await page.goto('/terms');
    await page.getByRole('banner').getByRole('button', { name: '登录 / 注册' }).click();
    await expect(page.getByRole('dialog', { name: '欢迎来到妙笔' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('for logged-in users', async ({ page, request }) => {
    test.setTimeout(180_000);
    const violations = await watchViolations(page);
    await useToken(page, await createAccount(request, uniqueEmail('csp'), 'secret123'));
    await visitAll(page);
    expect(violations).toEqual([]);
  });
});
