import { globSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  benchPages,
  browserPages,
  fillPath,
  HTML_FILE,
  namedPages,
  pageRoutes,
  SAMPLES,
  STATIC_ROUTES,
  siteBrowserPages,
  sitePages,
  warmPages,
} from '../../bench/routes';
import { FIRST_PAGE } from '../../bench/startup';

const PAGES_DIR = path.resolve('src/pages');

describe('the load bench measures every route of the site', () => {
  it('has a measured address for each file of src/pages', async () => {
    const measured = await sitePages();
    const routes = new Set(measured.map((p) => p.route));
    const files = globSync('**/*.{astro,ts}', { cwd: PAGES_DIR }).filter((f) => !path.basename(f).startsWith('_'));
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const route = `/${file.replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/';
      expect(routes, `${file} is not in the bench's page list`).toContain(route);
    }
    // The pages this list once left out, and the root's redirect.
    for (const route of ['/music', '/activities', '/']) expect(routes).toContain(route);
    for (const page of measured) expect(page.path, page.route).not.toMatch(/\[/);
  });

  it('knows what a visitor is answered: pages 200, the console a redirect to /404, error pages their status', async () => {
    const status = Object.fromEntries((await sitePages()).map((p) => [p.route, p.status]));
    expect(status['/music']).toBe(200);
    expect(status['/activities']).toBe(200);
    expect(status['/admin/users']).toBe(302);
    expect(status['/404']).toBe(404);
    expect(status['/']).toBe(301);
  });

  it('names only routes that exist in its samples', async () => {
    const routes = new Set((await sitePages()).map((p) => p.route));
    for (const route of Object.keys(SAMPLES)) expect(routes, route).toContain(route);
  });

  it('refuses a route with parameters and no sample address', () => {
    expect(() => benchPages(['/music', '/songs/[id]'])).toThrow(/no sample address for \/songs\/\[id\]/);
  });

  it('fills seeded ids in, and leaves a page whose data is missing unmeasured', () => {
    const page = { route: '/share/[id]', path: '/share/{share}', status: 200 };
    expect(fillPath(page, { picture: null, share: 'abc' })).toBe('/share/abc');
    expect(fillPath(page, { picture: 'p1', share: null })).toBeNull();
  });
});

describe('the browser benches (Lighthouse, page weight, start-up) load every page of the site', () => {
  it('has each HTML page of src/pages but the console, and no redirect or endpoint', async () => {
    const pages = await siteBrowserPages();
    const routes = new Set(pages.map((p) => p.route));
    const files = globSync('**/*.{astro,md,mdx,html}', { cwd: PAGES_DIR }).filter(
      (f) => !path.basename(f).startsWith('_') && !f.startsWith('admin/'),
    );
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) {
      const route = `/${file.replace(/\.\w+$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/';
      expect(routes, `${file} is not in the browser benches' page list`).toContain(route);
    }
    for (const route of ['/emailValidation', '/pay/sandbox/[orderNo]', '/wx/sandbox/[qrcodeSocket]', '/music', '/404'])
      expect(routes).toContain(route);
    for (const route of ['/', '/admin', '/admin/users', '/robots.txt', '/sitemap.xml'])
      expect(routes).not.toContain(route);
  });

  it('budgets the listed static pages as static and every other as an island page', async () => {
    const kind = Object.fromEntries((await siteBrowserPages()).map((p) => [p.route, p.kind]));
    for (const route of STATIC_ROUTES) expect(kind[route], route).toBe('static');
    expect(kind['/chat/[...uuid]']).toBe('island');
    expect(kind['/emailValidation']).toBe('island');
  });

  it('refuses a static page that is not a page of the tree', () => {
    const pages = benchPages(['/product', '/chat']);
    expect(() => browserPages(pages, ['/product', '/chat'])).toThrow(/static pages that are no page: \/square/);
  });

  it("warms the start-up's server on every page a fresh server answers 200, its first page among them", async () => {
    const warm = warmPages(await siteBrowserPages());
    expect(warm).toContain(FIRST_PAGE);
    for (const page of [
      '/product',
      '/chat',
      '/draw',
      '/music',
      '/emailValidation?email=someone%40example.com&code=ABCDEF&type=register',
    ])
      expect(warm).toContain(page);
    // Error pages and pages of seeded data (a picture, a share) are not warmed on an empty database.
    for (const page of ['/404', '/square/{picture}', '/share/{share}']) expect(warm).not.toContain(page);
  });
});

describe('pageRoutes reads a pages directory by Astro file-name rules', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-routes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('turns index files into their folder, keeps parameters and endpoints, skips underscored names', () => {
    const files = [
      'index.astro',
      'a.astro',
      'feed.xml.ts',
      '_draft.astro',
      'b/index.astro',
      'b/[id].astro',
      '_x/c.astro',
    ];
    for (const file of files) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), '');
    }
    expect(pageRoutes(dir)).toEqual(['/', '/a', '/b', '/b/[id]', '/feed.xml']);
    expect(pageRoutes(dir, HTML_FILE)).toEqual(['/', '/a', '/b', '/b/[id]']);
  });

  it('--pages picks pages by route or by address, and every page when it names none', async () => {
    const pages = await sitePages();
    const share = pages.find((p) => p.path.includes('{share}'));
    expect(share).toBeDefined();
    const picked = namedPages(pages, ['/chat', share?.route ?? '', '/no-such-page']);
    expect(picked.map((p) => p.path)).toEqual(
      pages.filter((p) => p === share || p.path === '/chat').map((p) => p.path),
    );
    expect(namedPages(pages, undefined)).toBe(pages);
  });
});
