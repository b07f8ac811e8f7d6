import { expect, test } from '@playwright/test';
import { cards, drawViaApi, openDraw, progressBar, promptBox, worksTab } from './draw-helpers';
import { waitForHydration } from './helpers';
import { logIn, newAccount } from './shop-helpers';

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
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(50);
    // Only one task at a time.
    await page.getByRole('button', { name: '生成图片' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '存在绘图中的图片，请耐心等待...' })).toBeVisible();

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
    await viewer.getByRole('button', { name: '放大' }).click();
    await expect(viewer).toContainText('150%');
    await expect(viewer.getByRole('link', { name: '下载' })).toHaveAttribute('download', /\.webp$/);
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
    await card.getByRole('button', { name: '复制提示词' }).click();
    await expect(page.getByRole('status').filter({ hasText: '提示词已复制到剪贴板' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('要删除的画');

    await card.getByRole('button', { name: '删除', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('确定要删除吗？');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: '删除', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: '删除', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: '删除成功' })).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('您还没有作品')).toBeVisible();
  });
});
