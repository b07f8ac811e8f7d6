import { expect, type Page, test } from '@playwright/test';
import { createSession } from '../../src/server/db/queries/sessions';
import { users } from '../../src/server/db/schema';
import { clearOfSiteMidnight } from './activity-helpers';
import { startSeededServer } from './console-server';
import { cards, drawViaApi, openDraw, progressBar, promptBox, worksTab } from './draw-helpers';
import { holdRoute, pathOf, waitForHydration } from './helpers';
import { logIn, newAccount } from './shop-helpers';

/** Holds the drawing island's script until `release()`, so the server-rendered fallback can be inspected. */
const holdIsland = (page: Page) => holdRoute(page, /\/_astro\/DrawIsland\.[\w-]+\.js$/);

// The first-view test's own server, on its own port.
const OWN_PORT = Number(process.env.E2E_PORT ?? 4399) + 1095;

const footer = (page: Page) => page.getByRole('contentinfo');

test.describe('drawing', () => {
  test('a visitor sees the login warning and the public gallery; drawing opens the login dialog', async ({ page }) => {
    await openDraw(page);
    await expect(page.getByRole('alert').filter({ hasText: '您还没有登录，登录后即可绘画' })).toBeVisible();
    await expect(worksTab(page, '公共画廊')).toHaveAttribute('aria-selected', 'true');
    await promptBox(page).fill('一只猫');
    await page.getByRole('button', { name: '生成图片' }).click();
    await expect(page.getByRole('dialog', { name: '欢迎来到妙笔' })).toBeVisible();
  });

  test('log in → draw → progress rises → the picture appears at the top of my works', async ({ page, request }) => {
    // A drawing, the viewer and a download: some 16 s alone, more beside the image chat's action chain.
    test.slow();
    await clearOfSiteMidnight(90_000);
    const token = await newAccount(request, 'draw');
    await drawViaApi(request, token, { prompt: '旧的作品 forest' });
    await logIn(page, token);
    await openDraw(page);
    await expect(page.locator('[data-draw-quota]')).toContainText('今日剩余 9 次');

    await page.getByRole('button', { name: '生成图片' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '请输入提示词' })).toBeVisible();

    await promptBox(page).fill('夕阳下的雪山，湖面倒影');
    await promptBox(page).press('Enter');
    const bar = progressBar(page);
    await expect(bar).toBeVisible();
    // Only one task at a time: asked at once, while the first surely runs (a busy machine's polling for 50 %
    // could see the drawing finish first).
    await page.getByRole('button', { name: '生成图片' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '存在绘图中的图片，请耐心等待...' })).toBeVisible();
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(50);

    await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 20_000 });
    await expect(page.locator('[data-draw-progress] [role="status"]')).toHaveText('绘制完成');
    await expect(worksTab(page, '我的作品')).toHaveAttribute('aria-selected', 'true');
    const first = cards(page).first();
    await expect(first).toContainText('夕阳下的雪山，湖面倒影');
    await expect(first.getByRole('img')).toHaveAttribute('src', /^\/files\/drawings\/.+-thumb\.webp$/);
    await expect(first).toContainText('AI生成');
    await expect(cards(page)).toHaveCount(2);
    await expect(page.locator('[data-draw-quota]')).toContainText('今日剩余 8 次');

    // The viewer: full size, zoom, prompt and settings.
    await first.getByRole('button', { name: /查看大图/ }).click();
    const viewer = page.getByRole('dialog', { name: '查看图片' });
    await expect(viewer.getByRole('img')).toHaveAttribute('src', /\.webp$/);
    await viewer.getByRole('button', { name: '放大', exact: true }).click();
    await expect(viewer).toContainText('150%');
    const saved = page.waitForEvent('download');
    await viewer.getByRole('button', { name: '下载' }).click();
    expect((await saved).suggestedFilename()).toMatch(/^miaobi-.+ \(AI生成\)\.webp$/);
    await expect(viewer).toContainText('夕阳下的雪山，湖面倒影');
  });

  test('a reload while a task runs resumes its progress', async ({ page, request }) => {
    const token = await newAccount(request, 'resume');
    await logIn(page, token);
    await openDraw(page);
    await page.getByRole('spinbutton', { name: '步数' }).fill('40');
    await page.getByRole('spinbutton', { name: '步数' }).blur();
    await promptBox(page).fill('星空下的小镇');
    await page.getByRole('button', { name: '生成图片' }).click();
    await expect
      .poll(async () => Number(await progressBar(page).getAttribute('aria-valuenow')))
      .toBeGreaterThanOrEqual(50);
    await page.reload();
    await waitForHydration(page);
    const panel = page.locator('[data-draw-progress]');
    await expect(panel).toContainText('星空下的小镇');
    await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '100', { timeout: 20_000 });
    await expect(cards(page).first()).toContainText('星空下的小镇');
  });

  test('settings: steps over 40 warn and reset to 20; the ratio is kept across reloads', async ({ page }) => {
    await openDraw(page);
    const steps = page.getByRole('spinbutton', { name: '步数' });
    await steps.fill('41');
    await steps.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: '步数不能超过40' })).toBeVisible();
    await expect(steps).toHaveValue('20');
    await page.getByRole('radio', { name: '16:9' }).check({ force: true });
    await page.getByRole('radio', { name: '超高清' }).check({ force: true });
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('radio', { name: '16:9' })).toBeChecked();
    await expect(page.getByRole('radio', { name: '超高清' })).toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('selectedAspectRatio'))).toBe('16:9');
  });

  test("'draw same style' from the public gallery fills the prompt and settings", async ({ page, request }) => {
    const artist = await newAccount(request, 'artist');
    const picture = await drawViaApi(request, artist, {
      prompt: '同款测试 海边的灯塔',
      drawRate: '9:16',
      drawQuality: 2,
    });
    await openDraw(page);
    const card = cards(page).filter({ hasText: '同款测试 海边的灯塔' }).first();
    await card.getByRole('button', { name: '画同款' }).click();
    await expect(promptBox(page)).toHaveValue('同款测试 海边的灯塔');
    await expect(page.getByRole('radio', { name: '9:16' })).toBeChecked();
    await expect(page.getByRole('radio', { name: '高清', exact: true })).toBeChecked();

    await page.evaluate(() => localStorage.clear());
    await openDraw(page, `/draw?from=square&id=${picture.id}`);
    await expect(promptBox(page)).toHaveValue('同款测试 海边的灯塔');
    await expect(page.getByRole('radio', { name: '9:16' })).toBeChecked();
  });

  test('delete asks for confirmation, then the picture leaves my works; copy prompt', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const token = await newAccount(request, 'delete');
    await drawViaApi(request, token, { prompt: '要删除的画' });
    await logIn(page, token);
    await openDraw(page);
    const card = cards(page).filter({ hasText: '要删除的画' });
    // The first action is a button; the others are in the card's "more" menu.
    await card.getByRole('button', { name: '更多操作' }).click();
    await page.getByRole('menuitem', { name: '复制提示词' }).click();
    await expect(page.getByRole('status').filter({ hasText: '提示词已复制到剪贴板' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('要删除的画');

    await card.getByRole('button', { name: '更多操作' }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('确定要删除吗？');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(card).toHaveCount(1);
    // The public tab has it too (public by default) before the delete.
    await page.getByRole('tab', { name: '公共画廊' }).click();
    await expect(card).toHaveCount(1);
    await page.getByRole('tab', { name: '我的作品' }).click();
    await card.getByRole('button', { name: '更多操作' }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '删除', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: '删除成功' })).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('您还没有作品')).toBeVisible();
    // One list state: gone from the public tab as well, without a reload.
    await page.getByRole('tab', { name: '公共画廊' }).click();
    await expect(page.getByRole('tab', { name: '公共画廊' })).toHaveAttribute('aria-selected', 'true');
    await expect(card).toHaveCount(0);
  });
});

test.describe('the /draw page before its island runs', () => {
  let own: Awaited<ReturnType<typeof startSeededServer<string>>> | undefined;
  test.beforeEach(({ page }) => page.setViewportSize({ width: 412, height: 823 }));
  test.afterEach(() => {
    own?.stop();
    own = undefined;
  });

  test("a visitor's HTML holds page 1 of the public gallery; the island shows it in place, asking once for the kept page", async ({
    page,
    playwright,
    browser,
  }) => {
    test.setTimeout(120_000);
    // A server of its own: on the shared one other tests add and take down public pictures at any
    // moment, so page 1 could change between the HTML and the island's request.
    own = await startSeededServer(OWN_PORT, async (db) => {
      const [user] = await db.insert(users).values({ email: 'artist@draw.test' }).returning();
      if (!user) throw new Error('no user');
      return createSession(db, { userId: user.id });
    });
    const base = own.base;
    const artist = own.seeded;
    const request = await playwright.request.newContext({ baseURL: base });
    const picture = await drawViaApi(request, artist, { prompt: '首屏就有的灯塔' });
    const pageOne: unknown[] = [];
    page.on('request', (r) => {
      if (pathOf(r.url()) === '/api/sd/list/picture' && r.postDataJSON()?.pageNum === 1) pageOne.push(r.postDataJSON());
    });
    const release = await holdIsland(page);
    const html = await (await page.goto(`${base}/draw`))?.text();
    // The first row's pictures come with the HTML (the page's largest paint) and load before any script.
    const fromHtml = [...new Set([...(html ?? '').matchAll(/<img src="([^"]+-thumb\.webp)"/g)].map((m) => m[1]))];
    expect(fromHtml.length).toBeGreaterThan(0);
    const first = page.locator('[data-picture] img').first();
    await expect(first).toHaveAttribute('src', fromHtml[0] ?? '');
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator(`[data-picture="${picture.id}"]`)).toHaveCount(1);
    const cardBefore = await page.locator('[data-picture]').first().boundingBox();
    const footerBefore = await footer(page).boundingBox();

    release();
    await waitForHydration(page);
    await expect(worksTab(page, '公共画廊')).toHaveAttribute('aria-selected', 'true');
    const shown = await cards(page)
      .locator('img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));
    expect(shown.slice(0, fromHtml.length)).toEqual(fromHtml);
    await expect(page.locator(`[data-picture="${picture.id}"]`).getByRole('img')).toHaveAttribute(
      'src',
      picture.thumbnailsUrl,
    );
    // Same place, same size: nothing moved when the island replaced its fallback (polled: the card is
    // briefly detached while React swaps the fallback's node for its own).
    await expect.poll(() => cards(page).first().boundingBox()).toEqual(cardBefore);
    expect(await footer(page).boundingBox()).toEqual(footerBefore);
    // Page 1 is no prop (it would be 30 serialised pictures in the HTML): the island asks for it once.
    expect(pageOne).toHaveLength(1);

    // With no script at all, the visitor still sees the gallery's first pictures.
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
    const still = await noScript.newPage();
    await still.goto(`${base}/draw`);
    await expect(still.locator('[data-picture] img').first()).toBeVisible();
    await noScript.close();
  });

  test("a member's fallback shows grey tiles where my works will be, then the island opens on them", async ({
    page,
    request,
  }) => {
    await logIn(page, await newAccount(request, 'tiles'));
    const release = await holdIsland(page);
    await page.goto('/draw');
    await expect(page.locator('html')).toHaveAttribute('data-auth', '');
    await expect(page.locator('[data-picture]:visible')).toHaveCount(0);
    await expect(page.locator('[role="alert"]:visible')).toHaveCount(0);
    const tiles = await page.locator('.picture-skeleton:visible').count();
    expect(tiles).toBeGreaterThan(0);
    const tabsBefore = await page.locator('[role="tablist"]:visible').boundingBox();

    release();
    await waitForHydration(page);
    await expect(worksTab(page, '我的作品')).toHaveAttribute('aria-selected', 'true');
    // boundingBox() does not wait: right after hydration the tabs can be between two renders (null).
    await expect.poll(() => page.getByRole('tablist').boundingBox()).toEqual(tabsBefore);
    await expect(page.getByText('您还没有作品')).toBeVisible();
  });
});
