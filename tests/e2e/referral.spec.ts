import { expect, test } from '@playwright/test';
import { mailedCode, openLoginDialog, uniqueEmail } from './account-helpers';
import { bearer, createOrder, logIn, newAccount } from './shop-helpers';

/**
 * An invite from end to end (docs/referral.md): a friend opens the inviter's link, registers in the
 * login dialog on another page, pays an order in the sandbox, and the inviter's /invite page counts
 * the conversion.
 */
test('register through an invite link, pay in the sandbox, the inviter sees the conversion', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const inviter = await newAccount(request, 'inviter');
  const mine = await (await request.get('/api/referral/mine', { headers: bearer(inviter) })).json();
  const code = mine.data.code as string;

  // The link lands on /chat; the code is kept while the friend goes on to another page to register.
  await page.goto(`/chat?invite=${code}`);
  const email = uniqueEmail('invitee');
  const dialog = await openLoginDialog(page, '/terms');
  await dialog.getByRole('tab', { name: '注册' }).click();
  await dialog.getByLabel('邮箱').fill(email);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  const { code: verification } = await mailedCode(email);
  await dialog.getByLabel('密码', { exact: true }).fill('secret-123');
  await dialog.getByLabel('确认密码').fill('secret-123');
  await dialog.getByLabel('验证码').fill(verification);
  await dialog.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await dialog.getByRole('button', { name: '注册', exact: true }).click();
  await expect(dialog.getByText('注册成功')).toBeVisible();
  // Sent once: the browser forgets the code after the sign-up.
  expect(await page.evaluate(() => localStorage.getItem('miaobi.invite'))).toBeNull();

  const login = await request.post('/api/user/login/email', { data: { username: email, password: 'secret-123' } });
  const friend = ((await login.json()).data as { token: string }).token;
  const order = await createOrder(request, friend, 'VIP_MONTH');
  const key = new URL(order.payLink ?? '', 'http://x').searchParams.get('key');
  const paid = await request.post(`/api/pay/sandbox/${order.orderNo}/confirm`, { data: { key } });
  expect(paid.status()).toBe(200);

  const inviterPage = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await logIn(inviterPage, inviter);
  await inviterPage.goto('/invite');
  await expect(inviterPage.getByTestId('invite-link')).toHaveValue(new RegExp(`/chat\\?invite=${code}$`));
  await expect(inviterPage.getByTestId('stats.invitees')).toHaveText('1');
  await expect(inviterPage.getByTestId('stats.converted')).toHaveText('1');
  await expect(inviterPage.getByRole('img', { name: '邀请链接二维码' })).toBeVisible();
});
