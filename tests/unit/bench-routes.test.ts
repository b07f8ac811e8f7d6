import { globSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchPages, fillPath, pageRoutes, SAMPLES, sitePages } from '../../bench/routes';

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
  });
});
