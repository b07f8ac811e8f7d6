import { expect, test } from '@playwright/test';
import { waitForHydration } from './helpers';

// What an island page carries besides its own markup: the names of its texts (each namespace a cached
// chunk), and its first view once, not again in a <template> (components/IslandFallback.astro).

const PAGES = ['/draw', '/chat', '/sd', '/music'];

test.describe('island pages', () => {
  for (const path of PAGES) {
    test(`${path} sends its first view once and no texts in its props, and the island replaces that view`, async ({
      page,
      request,
    }) => {
      const html = await (await request.get(path)).text();
      expect(html).not.toContain('<template data-astro-template');
      // A serialised catalogue would carry its keys; the props name the namespaces only.
      expect(html).not.toMatch(/&quot;layout&quot;:\[0,\{/);
      expect(html).toContain('data-island-fallback');

      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator('[data-island-fallback]')).toHaveCount(0);
      await expect(page.locator('astro-island[client="only"]').first()).not.toBeEmpty();
    });
  }

  test('the island fetches its texts as a hashed chunk of their own', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (/\/_astro\/layout\.[\w-]+\.js$/.test(r.url())) chunks.push(r.url());
    });
    await page.goto('/draw');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(chunks.length).toBeGreaterThanOrEqual(1);
  });
});
