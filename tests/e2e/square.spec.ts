import { expect, test } from '@playwright/test';
import { createSession } from '../../src/server/db/queries/sessions';
import { drawings, users } from '../../src/server/db/schema';
import { startSeededServer } from './console-server';
import { cards, drawViaApi, promptBox } from './draw-helpers';
import { waitForHydration } from './helpers';
import { bearer, newAccount } from './shop-helpers';

// The ETag test's own server, on its own port.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1025;

test.describe('drawing square', () => {
  test('renders pictures with real links and no script; the picture page has its meta tags; the sitemap lists both', async ({
    browser,
    request,
  }) => {
    const token = await newAccount(request, 'square');
    const pub = await drawViaApi(request, token, { prompt: '广场测试 月光下的古镇', drawRate: '4:3' });
    const hidden = await drawViaApi(request, token, { prompt: '广场测试 私密作品', drawPublicFlag: 2 });

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const page = await noScript.newPage();
    await page.goto('/square');
    await expect(page).toHaveTitle(/AI绘画广场/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI绘画广场');
    const link = page.locator(`a[href="/square/${pub.id}"]`);
    await expect(link).toBeVisible();
    // Named once, by its caption: the thumbnail's alt is empty so the prompt is not read twice.
    await expect(link).toHaveAccessibleName(/^AI生成\s*广场测试 月光下的古镇$/);
    await expect(link.locator('img')).toHaveAttribute('alt', '');
    await expect(page.locator(`a[href="/square/${hidden.id}"]`)).toHaveCount(0);
    await expect(page.locator('main astro-island')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/square$/);

    await link.click();
    await expect(page).toHaveURL(new RegExp(`/square/${pub.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('广场测试 月光下的古镇');
    await expect(page.getByRole('img', { name: '广场测试 月光下的古镇' })).toHaveAttribute('src', pub.imageUrl);
    const origin = new URL(page.url()).origin;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/square/${pub.id}`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', origin + pub.imageUrl);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', '广场测试 月光下的古镇');
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'ImageObject',
      contentUrl: origin + pub.imageUrl,
      caption: '广场测试 月光下的古镇',
    });
    await expect(page.getByRole('link', { name: '画同款' })).toHaveAttribute('href', `/draw?from=square&id=${pub.id}`);
    await noScript.close();

    const missing = await request.get(`/square/${hidden.id}`, { maxRedirects: 0 });
    expect(missing.status()).toBe(302);
    expect(missing.headers().location).toBe('/404');

    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`${origin}/square</loc>`);
    expect(sitemap).toContain(`${origin}/square/${pub.id}</loc>`);
    expect(sitemap).not.toContain(hidden.id);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);

    // Deleting the picture takes its (cached) page and square entry away at once.
    expect((await request.get(`/square/${pub.id}`, { maxRedirects: 0 })).status()).toBe(200);
    await request.post('/api/sd/delete', { data: { id: pub.id }, headers: bearer(token) });
    expect((await request.get(`/square/${pub.id}`, { maxRedirects: 0 })).status()).toBe(302);
    expect(await (await request.get('/square')).text()).not.toContain(pub.id);
  });

  test("'draw same style' on a picture page fills the drawing form", async ({ page, request }) => {
    const token = await newAccount(request, 'same');
    const pub = await drawViaApi(request, token, { prompt: '同款入口 竹林小径', drawRate: '3:4', drawSteps: 25 });
    await page.goto(`/square/${pub.id}`);
    await page.getByRole('link', { name: '画同款' }).click();
    await expect(page).toHaveURL(/\/draw\?from=square/);
    await waitForHydration(page);
    await expect(promptBox(page)).toHaveValue('同款入口 竹林小径');
    await expect(page.getByRole('radio', { name: '3:4' })).toBeChecked();
    await expect(page.getByRole('spinbutton', { name: '步数' })).toHaveValue('25');
    await expect(cards(page).first()).toBeVisible();
  });

  test.describe('on a server of its own', () => {
    // On the shared server other tests add public pictures at any moment, each a new /square.
    let server: Awaited<ReturnType<typeof startSeededServer<string>>> | undefined;
    test.afterEach(() => server?.stop());

    test('scrolling to the end loads the next page; the ETag answers 304 until a picture is added', async ({
      page,
      playwright,
    }) => {
      test.setTimeout(120_000);
      // 31 finished public pictures, written before the server starts: more than the first page's 30.
      server = await startSeededServer(PORT, async (db) => {
        const [user] = await db.insert(users).values({ email: 'bulk@square.test' }).returning();
        if (!user) throw new Error('no user');
        await db.insert(drawings).values(
          Array.from({ length: 31 }, (_, n) => ({
            taskId: `bulk${String(n).padStart(12, '0')}`,
            userId: user.id,
            prompt: `批量 ${n} 山谷`,
            drawRate: '1:1',
            drawQuality: 1,
            drawSteps: 1,
            seed: n,
            publicFlag: 1,
            status: 10,
            progress: 100,
            provider: 'offline',
            hookToken: `hook${n}`,
            imageUrl: `/files/bulk${n}.png`,
            thumbnailsUrl: `/files/bulk${n}.png`,
            width: 512,
            height: 512,
            deadlineAt: new Date(),
            finishedAt: new Date(),
          })),
        );
        return createSession(db, { userId: user.id });
      });
      const request = await playwright.request.newContext({ baseURL: server.base });
      const first = await request.get('/square');
      const etag = first.headers().etag ?? '';
      // The page cache's ETag: a hash of the page (docs/page-cache.md).
      expect(etag).toMatch(/^"[\w-]{20,}"$/);
      expect((await request.get('/square', { headers: { 'if-none-match': etag } })).status()).toBe(304);

      await page.goto(`${server.base}/square`);
      const items = page.locator('[data-square-list] > [data-square-item]');
      await expect(items).toHaveCount(30);
      await expect(page.getByRole('link', { name: '下一页' })).toHaveAttribute('href', '/square?page=2');
      await page.getByRole('navigation', { name: '分页' }).scrollIntoViewIfNeeded();
      await expect.poll(() => items.count()).toBeGreaterThan(30);
      expect((await request.get('/square', { headers: { 'if-none-match': etag } })).status()).toBe(304);

      await drawViaApi(request, server.seeded, { prompt: '新的一张', drawSteps: 1 });
      expect((await request.get('/square', { headers: { 'if-none-match': etag } })).status()).toBe(200);
      await expect((await request.get('/sitemap.xml')).text()).resolves.toContain('/square?page=2');
      await request.dispose();
    });
  });
});
