import { expect, type Page, test } from '@playwright/test';
import { waitForHydration } from './helpers';
import { bearer, logIn, newAccount, waitForBuyButtons } from './shop-helpers';

const DAY = 86_400_000;

function card(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test.describe('buying a membership', () => {
  test('activate → pay dialog → second device confirms in the sandbox → success, paid order, longer membership', async ({
    page,
    browser,
    request,
  }) => {
    // Two browser contexts, a keyed pay link, a push and the order list: past 30 s on a busy CI machine.
    test.slow();
    const token = await newAccount(request, 'buyer');
    await logIn(page, token);
    await page.goto('/product');
    await expect(page.getByRole('heading', { level: 1, name: '开通会员' })).toBeVisible();
    const month = card(page, '月度会员');
    await expect(month.getByText('30 天', { exact: true })).toBeVisible();
    await expect(month.locator('s')).toContainText('39.00');
    await expect(month).toContainText('29.00');
    await expect(card(page, '作曲包 10 首').getByText('10 首作曲', { exact: true })).toBeVisible();
    await waitForBuyButtons(page);

    await month.getByRole('button', { name: '立即开通' }).click();
    const pay = page.getByRole('dialog', { name: /扫码支付/ });
    // An order made, then the dialog's code loaded on first use: more than one step on a busy machine.
    await expect(pay).toBeVisible({ timeout: 15_000 });
    await expect(pay.getByRole('img', { name: '支付二维码' })).toHaveAttribute('src', /^data:image\/png/);
    await expect(pay).toContainText('请使用微信或支付宝扫描二维码完成支付');
    await expect(pay).toContainText('请在 15 分钟内完成支付');
    await expect(pay.getByRole('timer')).toHaveText(/剩余 1[45]:\d\d/);
    await expect(pay).toContainText('29.00');
    await expect(pay).toContainText('沙箱');

    // A click on the mask leaves the pay dialog open (docs/routes-and-screens.md).
    await page.mouse.click(8, 8);
    await expect(pay).toBeVisible();

    // Closing and buying the same product again shows the unpaid twin (100000304).
    await pay.getByRole('button', { name: '关闭' }).click();
    await expect(pay).toBeHidden();
    await month.getByRole('button', { name: '立即开通' }).click();
    const twin = page.getByRole('dialog', { name: '您有相同订单还未支付，请先支付' });
    await expect(twin).toBeVisible();
    await expect(twin).toContainText('月度会员');
    await expect(twin).toContainText('支付中');
    await twin.getByRole('button', { name: '去支付' }).click();
    await expect(pay).toBeVisible();
    const payLink = await pay.getByRole('link', { name: /打开沙箱支付页/ }).getAttribute('href');
    // The reopened dialog hands out a fresh one-time key with the link.
    expect(payLink).toMatch(/\/pay\/sandbox\/MB\w+\?key=[\w-]{43}$/);
    const orderNo = new URL(payLink ?? '').pathname.split('/').pop() ?? '';

    // The phone that scanned the code: a second browser context.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    const phonePage = await phone.newPage();
    // Whoever knows only the order number sees no order and no buttons.
    await phonePage.goto(new URL(payLink ?? '').pathname);
    await expect(phonePage.getByRole('heading', { name: '支付链接无效' })).toBeVisible();
    await expect(phonePage.getByRole('button', { name: '确认支付' })).toHaveCount(0);
    await phonePage.goto(payLink ?? '');
    await expect(phonePage.getByText('沙箱环境')).toBeVisible();
    await expect(phonePage.getByText('月度会员')).toBeVisible();
    await expect(phonePage.locator('#sandbox-amount')).toContainText('29.00');
    // The success message shows for 1.5 s before /order: watched from inside the page, so a busy
    // machine's slow polling from the test cannot miss it.
    const paidMessage = page.waitForFunction(
      () => document.body.innerText.includes('支付成功，已为您开通 月度会员'),
      null,
      {
        polling: 50,
      },
    );
    await phonePage.getByRole('button', { name: '确认支付' }).click();
    await expect(phonePage.getByText('支付成功，请返回网页查看')).toBeVisible();
    await phone.close();

    await paidMessage;
    await page.waitForURL(/\/order\?flag=\w+/);
    await waitForHydration(page);
    const row = page.getByRole('row').filter({ hasText: orderNo });
    await expect(row).toContainText('支付成功');
    await expect(row).toContainText('29.00');
    await expect(row.getByRole('button', { name: '查看' })).toBeVisible();

    const info = await (await request.get('/api/user/info', { headers: bearer(token) })).json();
    expect(info.data.vipType).toBe(1);
    const end = Date.parse(info.data.endDate);
    expect(Math.abs(end - (Date.now() + 30 * DAY))).toBeLessThan(5 * 60_000);

    // A free product needs no payment (status 9); a second one is refused with the server's reason (100000305).
    await page.goto('/product');
    await waitForBuyButtons(page);
    const trial = card(page, '新人体验卡').getByRole('button', { name: '立即开通' });
    await trial.click();
    await expect(page.getByRole('status').filter({ hasText: '已为您开通 新人体验卡' })).toBeVisible();
    await page.waitForURL(/\/order\?flag=\w+/);
    await waitForHydration(page);
    await expect(page.getByRole('row').filter({ hasText: '新人体验卡' })).toContainText('无需支付');
    await page.goto('/product');
    await waitForBuyButtons(page);
    await trial.click();
    await expect(page.getByRole('alert').filter({ hasText: '限购 1 次' })).toBeVisible();
  });

  test('a visitor who activates is asked to log in', async ({ page }) => {
    await page.goto('/product');
    await waitForBuyButtons(page);
    await card(page, '季度会员').getByRole('button', { name: '立即开通' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '您还没有登录，请先登录' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: '欢迎来到妙笔' })).toBeVisible();
  });

  test('the product type filter narrows the list', async ({ page }) => {
    await page.goto('/product?type=4');
    await expect(page.getByRole('link', { name: '作曲包' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['作曲包 10 首', '作曲包 50 首']);
    await page.goto('/product?type=3');
    await expect(page.getByText('会员系统升级中，敬请期待')).toBeVisible();
  });
});

test.describe('sandbox pay page', () => {
  test('an unknown order or a wrong key says the link is invalid; a malformed order number answers 404', async ({
    page,
  }) => {
    await page.goto(`/pay/sandbox/MBNOSUCHORDER123?key=${'k'.repeat(43)}`);
    await expect(page.getByRole('heading', { name: '支付链接无效' })).toBeVisible();
    await expect(page).toHaveTitle(/^支付链接无效/);
    await expect(page.getByRole('button', { name: '确认支付' })).toHaveCount(0);
    const response = await page.goto('/pay/sandbox/NOT-AN-ORDER');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '支付链接无效' })).toBeVisible();
  });
});
