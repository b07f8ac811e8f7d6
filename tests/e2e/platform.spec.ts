import { expect, test } from '@playwright/test';
import { pathOf, waitForHydration } from './helpers';

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

test.describe('routing', () => {
  test('root redirects to /chat', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0 });
    expect(response.status()).toBeGreaterThanOrEqual(301);
    expect(response.status()).toBeLessThanOrEqual(308);
    expect(pathOf(new URL(response.headers().location ?? '', response.url()).href)).toBe('/chat');
  });

  test('an unknown path redirects to /404, which answers 404', async ({ request, page }) => {
    const redirect = await request.get('/no-such-page/at-all', { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toMatch(/\/404$/);

    const response = await page.goto('/no-such-page/at-all');
    expect(response?.status()).toBe(404);
    expect(new URL(page.url()).pathname).toBe('/404');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('哎呀，这个页面走丢了');
    await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });

  test("a page's form post is read within the form limit: /sd takes its prompt, an oversized form is refused", async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').origin;
    const posted = await request.post('/sd', { form: { prompt: '表单带来的提示词' }, headers: { origin } });
    expect(posted.status()).toBe(200);
    expect(await posted.text()).toContain('表单带来的提示词');

    // 300 KB: past the 16 KB a visitor's form may send; answered at once in the visitor's language.
    const big = await request.post('/sd', {
      form: { prompt: 'x'.repeat(300 * 1024) },
      headers: { origin, cookie: 'lang=en-US' },
    });
    expect(big.status()).toBe(413);
    expect(await big.text()).toBe('The request is too large');
    expect((await request.get('/sd')).status()).toBe(200);

    // Another site's form is refused by the page framework's origin check, as before.
    const crossSite = await request.post('/sd', { form: { prompt: 'x' }, headers: { origin: 'https://evil.example' } });
    expect(crossSite.status()).toBe(403);
  });

  test('an old hash route is replaced by its plain path', async ({ page }) => {
    const plain = page.waitForRequest((req) => req.isNavigationRequest() && pathOf(req.url()) === '/draw');
    await page.goto('/terms#/draw', { waitUntil: 'commit' });
    await plain;
  });

  test('an old hash route keeps its query', async ({ page }) => {
    const withQuery = page.waitForRequest(
      (req) => req.isNavigationRequest() && pathOf(req.url()) === '/product?type=2',
    );
    await page.goto('/404#/product?type=2', { waitUntil: 'commit' });
    await withQuery;
  });

  test('an old hash link followed within a page is replaced too', async ({ page }) => {
    await page.goto('/terms');
    const plain = page.waitForRequest((req) => req.isNavigationRequest() && pathOf(req.url()) === '/activities');
    // Same-document navigation: no new page load runs the head script.
    await page.evaluate(() => {
      location.hash = '#/activities';
    });
    await plain;
  });

  test('/500 sends visitors without a token to Root, and keeps logged-in users there', async ({ page, context }) => {
    const root = page.waitForRequest((req) => req.isNavigationRequest() && pathOf(req.url()) === '/');
    await page.goto('/500', { waitUntil: 'commit' });
    await root;
    // Root goes on to /chat, whose island then settles on /chat/1002: let that finish first.
    await page.waitForURL(/\/chat\/1002$/);

    await context.addInitScript(() => localStorage.setItem('SECRET_TOKEN', 'e2e-token'));
    const response = await page.goto('/500');
    expect(response?.status()).toBe(500);
    await expect(page).toHaveURL(/\/500$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('抱歉，服务器开小差了');
  });
});

test.describe('layout', () => {
  test('desktop shows the side nav and hides the bottom nav', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/terms');
    const side = page.getByRole('navigation', { name: '主导航' });
    await expect(side).toBeVisible();
    await expect(page.getByRole('navigation', { name: '底部导航' })).toBeHidden();
    const links = [
      ['应用', '/app/store'],
      ['对话', '/chat'],
      ['音乐', '/music'],
      ['绘画', '/draw'],
      ['画廊', '/gallery'],
      ['绘画广场', '/square'],
      ['会员中心', '/product'],
      ['福利活动', '/activities'],
      ['我的订单', '/order'],
    ];
    for (const [name, href] of links) {
      await expect(side.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    // No entry owns the legal pages.
    await expect(side.locator('[aria-current="page"]')).toHaveCount(0);
  });

  test('mobile shows the bottom nav and hides the side nav', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/terms');
    const bottom = page.getByRole('navigation', { name: '底部导航' });
    await expect(bottom).toBeVisible();
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeHidden();
    await expect(bottom.getByRole('link')).toHaveText(['应用', '对话', '音乐', '绘画', '画廊']);
    await expect(bottom.getByRole('button', { name: '我的' })).toBeVisible();
  });

  test('landmarks, language attribute and footer links', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('隐私政策');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '用户协议' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: '隐私政策' })).toHaveAttribute('href', '/privacy');
  });

  test("the header's '登录 / 注册' dispatches miaobi:open-login", async ({ page }) => {
    await page.goto('/terms');
    await waitForHydration(page);
    await page.evaluate(() => {
      const w = window as Window & { openLoginEvents?: number };
      w.openLoginEvents = 0;
      window.addEventListener('miaobi:open-login', () => {
        w.openLoginEvents = (w.openLoginEvents ?? 0) + 1;
      });
    });
    await page.getByRole('banner').getByRole('button', { name: '登录 / 注册' }).click();
    // At least once: the on-demand login island replays the event once it has loaded.
    await expect
      .poll(() => page.evaluate(() => (window as Window & { openLoginEvents?: number }).openLoginEvents))
      .toBeGreaterThanOrEqual(1);
  });
});

test.describe('settings', () => {
  test('language switch persists across reloads and reaches the server-rendered HTML', async ({ page, context }) => {
    await page.goto('/terms');
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

    await Promise.all([page.waitForEvent('load'), page.getByRole('combobox', { name: '语言' }).selectOption('en-US')]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('User agreement');
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en-US');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('appSetting') ?? '{}').language);
    expect(stored).toBe('en-US');

    // The server renders from the cookie alone: no script involved.
    const cookies = await context.cookies();
    const header = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    expect(header).toContain('lang=en-US');
    const html = await (await page.request.get('/terms', { headers: { cookie: header } })).text();
    expect(html).toContain('<html lang="en-US"');
    expect(html).toContain('User agreement');
    expect(html).not.toContain('用户协议');
  });

  test('choosing the stored language still rewrites a stale cookie', async ({ page, context, baseURL }) => {
    // A cookie saying en-US while local storage keeps the default zh-CN (e.g. storage was cleared).
    await context.addCookies([{ name: 'lang', value: 'en-US', url: baseURL ?? '' }]);
    await page.goto('/terms');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN'),
    ]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test('theme toggle persists and applies before first paint', async ({ page }) => {
    await page.addInitScript(() => {
      // Records the theme when <body> first appears, i.e. before anything could be painted.
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        (window as Window & { darkAtBody?: boolean }).darkAtBody = document.documentElement.classList.contains('dark');
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/terms');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: '深色模式' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

    await toggle.click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => (window as Window & { darkAtBody?: boolean }).darkAtBody)).toBe(true);
    await expect(page.getByRole('button', { name: '深色模式' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: '深色模式' }).click();
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });
});
