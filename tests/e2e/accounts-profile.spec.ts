import { expect, test } from '@playwright/test';
import { accountEntry, createAccount, mailedCode, openLoginDialog, uniqueEmail, useToken } from './account-helpers';
import { bearer, createOrder } from './shop-helpers';

test('QR login end to end: one browser shows the QR, a phone confirms it', async ({ page, browser }) => {
  // A phone beside the desktop, then an e-mail bind: more than the usual 30 s on a busy machine.
  test.slow();
  const dialog = await openLoginDialog(page);
  const qr = dialog.getByRole('img', { name: '微信扫码登录二维码' });
  await expect(qr).toHaveAttribute('src', /^data:image\//);
  await expect(dialog.getByText(/沙盒模式/)).toBeVisible();
  await expect(dialog.getByText('请使用微信扫一扫登录')).toBeVisible();
  const encoded = new URL((await qr.getAttribute('data-qrcode')) ?? '');
  expect(encoded.pathname).toMatch(/^\/wx\/sandbox\/[0-9a-f]{16}$/);
  // The QR carries the one-time key that alone can confirm it.
  expect(encoded.searchParams.get('key')).toMatch(/^[\w-]{43}$/);
  const path = encoded.pathname + encoded.search;

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const mobile = await phone.newPage();
  await mobile.goto(path);
  await expect(mobile.getByRole('heading', { name: '微信登录（沙盒）' })).toBeVisible();
  await expect(mobile.getByText(/代替微信/)).toBeVisible();
  await expect(mobile.getByText('将以一个新的沙盒微信用户登录')).toBeVisible();
  await Promise.all([page.waitForEvent('load'), mobile.getByRole('button', { name: '确认登录' }).click()]);
  await expect(mobile.getByRole('status')).toHaveText('已确认登录，请回到网页继续');
  await phone.close();

  await expect(accountEntry(page, '个人中心')).toBeVisible();
  await accountEntry(page, '个人中心').click();
  const profile = page.getByRole('dialog', { name: '个人中心' });
  await expect(profile.getByText(/^微信用户/)).toBeVisible();

  // A WeChat-only account adds an e-mail and a password.
  const email = uniqueEmail('bind');
  await profile.getByRole('button', { name: '绑定邮箱' }).click();
  const bind = page.getByRole('dialog', { name: '绑定邮箱' });
  await bind.getByLabel('邮箱').fill(email);
  await bind.getByRole('button', { name: '获取验证码' }).click();
  await bind.getByLabel('验证码').fill((await mailedCode(email, 'bind')).code);
  await bind.getByLabel('密码', { exact: true }).fill('secret-123');
  await bind.getByLabel('确认密码').fill('secret-123');
  await bind.getByRole('button', { name: '绑定', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '邮箱绑定成功' })).toBeVisible();
  await expect(profile.getByText(email)).toBeVisible();
  await expect(profile.getByRole('button', { name: '修改密码' })).toBeVisible();
});

test('the phone that confirmed before comes back as the same WeChat user; a QR link without its key confirms nothing', async ({
  page,
  browser,
}) => {
  // Two desktop browsers and a phone through two whole QR logins: more than the usual 30 s on a busy machine.
  test.slow();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const mobile = await phone.newPage();
  const nickname = async (desktop: typeof page, known: boolean) => {
    const dialog = await openLoginDialog(desktop);
    const link = new URL(
      (await dialog.getByRole('img', { name: '微信扫码登录二维码' }).getAttribute('data-qrcode')) ?? '',
    );
    // Someone who only read the QR's id: the page offers nothing to confirm.
    await mobile.goto(link.pathname);
    await expect(mobile.getByRole('alert')).toHaveText(/该二维码已过期、已被使用或链接不完整/);
    await expect(mobile.getByRole('button', { name: '确认登录' })).toHaveCount(0);
    await mobile.goto(link.pathname + link.search);
    await expect(mobile.getByText(known ? '将以本机的沙盒微信用户登录' : '将以一个新的沙盒微信用户登录')).toBeVisible();
    await expect(mobile.getByRole('button', { name: '改用新的微信用户登录' })).toBeVisible({ visible: known });
    await Promise.all([desktop.waitForEvent('load'), mobile.getByRole('button', { name: '确认登录' }).click()]);
    await accountEntry(desktop, '个人中心').click();
    const name = desktop.getByRole('dialog', { name: '个人中心' }).getByText(/^微信用户/);
    await expect(name).toBeVisible();
    return name.textContent();
  };
  const first = await nickname(page, false);
  const other = await browser.newContext();
  const second = await nickname(await other.newPage(), true);
  expect(second).toBe(first);
  await other.close();
  await phone.close();
});

test('the QR code expires with a refresh action', async ({ page }) => {
  await page.clock.install();
  const dialog = await openLoginDialog(page);
  const qr = dialog.getByRole('img', { name: '微信扫码登录二维码' });
  const first = await qr.getAttribute('data-qrcode');
  await page.clock.runFor(301_000);
  await expect(dialog.getByText('二维码已过期')).toBeVisible();
  await dialog.getByRole('button', { name: '刷新二维码' }).click();
  await expect(dialog.getByText('二维码已过期')).toBeHidden();
  await expect(qr).not.toHaveAttribute('data-qrcode', first ?? '');
});

test('the profile shows the account, and logout ends the session', async ({ page }) => {
  const email = uniqueEmail('profile');
  const token = await createAccount(page.request, email, 'secret-123');
  await useToken(page, token);
  await page.goto('/privacy');
  await accountEntry(page, '个人中心').click();
  const profile = page.getByRole('dialog', { name: '个人中心' });
  await expect(profile.getByText(email)).toBeVisible();
  // No placeholder description, no membership section without a membership.
  await expect(profile.getByText('默认用户')).toHaveCount(0);
  await expect(profile.getByRole('heading', { name: '会员', exact: true })).toHaveCount(0);
  await expect(profile.getByRole('link', { name: '我的订单' })).toHaveAttribute('href', '/order');
  await expect(profile.getByRole('link', { name: '会员中心' })).toHaveAttribute('href', '/product');
  await expect(profile.getByRole('link', { name: '福利活动' })).toHaveAttribute('href', '/activities');

  await profile.getByRole('button', { name: '编辑资料' }).click();
  await page.getByRole('dialog', { name: '编辑资料' }).getByLabel('昵称').fill('妙笔测试');
  await page.getByRole('dialog', { name: '编辑资料' }).getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('status').filter({ hasText: '资料已保存' })).toBeVisible();
  await expect(profile.getByText('妙笔测试')).toBeVisible();

  await Promise.all([page.waitForEvent('load'), profile.getByRole('button', { name: '退出登录' }).click()]);
  await expect(accountEntry(page, '我的账户')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('SECRET_TOKEN'))).toBeNull();
  const info = await page.request.get('/api/user/info', { headers: { authorization: `Bearer ${token}` } });
  expect(info.status()).toBe(401);
});

test('the e-mailed link verifies the address and continues to registration', async ({ page }) => {
  const email = uniqueEmail('link');
  const dialog = await openLoginDialog(page);
  await dialog.getByRole('tab', { name: '注册' }).click();
  await dialog.getByLabel('邮箱').fill(email);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  const { code, link } = await mailedCode(email);

  await page.goto(link);
  await expect(page.getByText(`邮箱 ${email} 验证成功`)).toBeVisible();
  await page.getByRole('button', { name: '继续注册' }).click();
  const again = page.getByRole('dialog', { name: '欢迎来到妙笔' });
  await expect(again.getByRole('tab', { name: '注册' })).toHaveAttribute('aria-selected', 'true');
  await expect(again.getByLabel('邮箱')).toHaveValue(email);
  await expect(again.getByLabel('验证码')).toHaveValue(code);
});

test('a bad e-mailed link says so, and a bad sandbox id is a 404', async ({ page }) => {
  await page.goto('/emailValidation?email=someone%40example.com&code=WRONG1&type=register');
  await expect(page.getByText('邮箱验证失败')).toBeVisible();
  await page.goto('/emailValidation');
  await expect(page.getByText('验证链接不完整，请从邮件中重新打开链接。')).toBeVisible();
  await page.goto('/wx/sandbox/not-a-socket');
  await expect(page).toHaveURL(/\/404$/);
});

test("a member's profile names the membership and its end date, not a level code", async ({ page }) => {
  const token = await createAccount(page.request, uniqueEmail('member'), 'secret-123');
  const order = await createOrder(page.request, token, 'VIP_MONTH');
  const key = new URL(order.payLink ?? '', 'http://x').searchParams.get('key');
  const paid = await page.request.post(`/api/pay/sandbox/${order.orderNo}/confirm`, { data: { key } });
  expect((await paid.json()).code).toBe(1000000);
  const info = await page.request.get('/api/user/info', { headers: bearer(token) });
  const end = new Date((await info.json()).data.endDate);
  const day = [end.getFullYear(), end.getMonth() + 1, end.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  await useToken(page, token);
  await page.goto('/privacy');
  await accountEntry(page, '个人中心').click();
  const membership = page.getByRole('dialog', { name: '个人中心' }).getByRole('region', { name: '会员' });
  await expect(membership).toContainText('会员');
  await expect(membership).toContainText(`有效期至 ${day}`);
  await expect(membership).not.toContainText('VIP');
});
