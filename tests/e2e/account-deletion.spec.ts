import { expect, type Locator, type Page, test } from '@playwright/test';
import { accountEntry, openLoginDialog } from './account-helpers';

/** The sandbox page opened from a QR on the desktop, confirmed on the phone. */
async function confirmOnPhone(desktop: Page, phone: Page, qr: Locator) {
  const link = new URL((await qr.getAttribute('data-qrcode')) ?? '');
  await phone.goto(link.pathname + link.search);
  await Promise.all([desktop.waitForEvent('load'), phone.getByRole('button', { name: '确认登录' }).click()]);
}

test('a WeChat-only account is deleted only after a fresh scan by its own WeChat', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const phone = await phoneContext.newPage();
  const dialog = await openLoginDialog(page);
  await confirmOnPhone(page, phone, dialog.getByRole('img', { name: '微信扫码登录二维码' }));

  await accountEntry(page, '个人中心').click();
  await page.getByRole('dialog', { name: '个人中心' }).getByRole('button', { name: '注销账号' }).click();
  const remove = page.getByRole('dialog', { name: '注销账号' });
  await expect(remove.getByLabel('密码')).toHaveCount(0);
  await remove.getByRole('button', { name: '注销账号' }).click();
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '注销账号' }).click();
  await expect(remove.getByText('请用该账号绑定的微信扫码，确认注销')).toBeVisible();

  await confirmOnPhone(page, phone, remove.getByRole('img', { name: '微信扫码登录二维码' }));
  await expect(accountEntry(page, '我的账户')).toBeVisible();
  await phoneContext.close();
});
