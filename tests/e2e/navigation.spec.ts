import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { bearer, createOrder, logIn, newAccount } from './shop-helpers';

/** Page sizes of the checks below; the two-step reachability of every route on both is in crawl.spec.ts. */
const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;

test.describe('mode switch', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`${name}: 对话 / 图像对话 reaches /midjourney and back`, async ({ page }) => {
      // Three page loads, each hydrating a client-only island.
      test.slow();
      await page.setViewportSize(viewport);
      await page.goto('/chat');
      const modes = page.getByRole('navigation', { name: '对话模式' });
      await expect(modes.getByRole('link', { name: '对话', exact: true })).toHaveAttribute('aria-current', 'page');
      await modes.getByRole('link', { name: '图像对话' }).click();
      await expect(page).toHaveURL(/\/midjourney$/);
      await expect(modes.getByRole('link', { name: '图像对话' })).toHaveAttribute('aria-current', 'page');
      await modes.getByRole('link', { name: '对话', exact: true }).click();
      await expect(page).toHaveURL(/\/chat(\/\d+)?$/);
    });
  }
});

test('a member sees avatar, nickname and the membership end date at the top of every page size', async ({
  page,
  request,
}) => {
  // An account, a paid order and two page loads.
  test.slow();
  const token = await newAccount(request, 'nav-member');
  const order = await createOrder(request, token, 'VIP_MONTH');
  const link = new URL(order.payLink ?? '', 'http://x');
  const paid = await request.post(`/api/pay/sandbox/${order.orderNo}/confirm`, {
    data: { key: link.searchParams.get('key') },
  });
  expect((await paid.json()).code).toBe(1000000);
  const info = (await (await request.get('/api/user/info', { headers: bearer(token) })).json()).data;
  const end = new Date(info.endDate);
  const day = `${end.getFullYear()}-${String(end.getMonth() + 1).padStart(2, '0')}-${String(end.getDate()).padStart(2, '0')}`;
  await logIn(page, token);

  for (const [route, viewport] of [
    ['/product', VIEWPORTS.desktop],
    ['/chat', VIEWPORTS.mobile],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(route);
    const control = page.getByRole('banner').getByRole('button', { name: /^个人中心/ });
    await expect(control).toContainText(info.nickname);
    await expect(control).toContainText(`会员至 ${day}`);
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  // It opens the profile (the dialog island downloads on this click).
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^个人中心/ })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('mobile "我的" sheet reaches membership, activities, orders, the square, language and theme', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/music');
  await page.getByRole('navigation', { name: '底部导航' }).getByRole('button', { name: '我的' }).click();
  const sheet = page.getByRole('dialog', { name: '我的' });
  for (const name of ['会员中心', '福利活动', '我的订单', '绘画广场', '图像对话', '高级绘画']) {
    await expect(sheet.getByRole('link', { name })).toBeVisible();
  }
  await expect(sheet.getByRole('combobox', { name: '语言' })).toBeVisible();
  await sheet.getByRole('button', { name: '深色模式' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await sheet.getByRole('link', { name: '福利活动' }).click();
  await expect(page).toHaveURL(/\/activities$/);
});

test('desktop side nav spans the whole page on long pages, in a full-page capture too', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/product');
  const shot = await sharp(await page.screenshot({ fullPage: true }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(shot.info.height).toBeGreaterThan(VIEWPORTS.desktop.height);
  // The nav's white, not the page's slate-50, at the bottom left of the document.
  const at = ((shot.info.height - 3) * shot.info.width + 8) * shot.info.channels;
  expect([...shot.data.subarray(at, at + 3)]).toEqual([255, 255, 255]);
});
