import { expect, type Page, type Request, test } from '@playwright/test';
import { accountEntry, createAccount, mailedCode, openLoginDialog, uniqueEmail } from './account-helpers';

/**
 * Chunks that mean React (or the account island) reached the browser: React lives in `framework`
 * (astro.config.mjs), which Astro's React renderer imports too. Not `client.*`: that name is both the
 * renderer's and the typed API client's, which every page's notice toasts use.
 */
const REACT_CHUNK = /\/_astro\/(framework|react-dom|AccountDialog)\.[\w-]+\.js$/;

function scripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

test('a page loads no React until my account is clicked, then the dialog opens', async ({ page }) => {
  const loaded = scripts(page);
  await page.goto('/terms');
  await page.waitForLoadState('networkidle');
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((url) => REACT_CHUNK.test(url))).toEqual([]);

  await accountEntry(page, '我的账户').click();
  await expect(page.getByRole('dialog', { name: '欢迎来到妙笔' })).toBeVisible();
  expect(loaded.some((url) => /AccountDialog\./.test(url))).toBe(true);
  expect(loaded.some((url) => /\/framework\./.test(url))).toBe(true);
  await expect(page.getByRole('tab', { name: '微信扫码登录' })).toHaveAttribute('aria-selected', 'true');
});

test('register with the mailed code, then log in through the dialog', async ({ page }) => {
  const email = uniqueEmail('register');
  const dialog = await openLoginDialog(page);
  await dialog.getByRole('tab', { name: '注册' }).click();
  await dialog.getByLabel('邮箱').fill(email);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '新邮箱会收到验证码，已注册的邮箱会收到登录提示' }),
  ).toBeVisible();
  // Real time runs here (the countdown test below checks every second): a busy machine may show 118 or less.
  await expect(dialog.getByRole('button', { name: /^11\d秒后重新获取$/ })).toBeDisabled();

  const { code } = await mailedCode(email);
  await dialog.getByLabel('密码', { exact: true }).fill('secret-123');
  await dialog.getByLabel('确认密码').fill('secret-123');
  await dialog.getByLabel('验证码').fill(code);
  await dialog.getByRole('button', { name: '注册', exact: true }).click();
  await expect(dialog.getByText('请先阅读并同意用户协议和隐私政策')).toBeVisible();
  await dialog.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await dialog.getByRole('button', { name: '注册', exact: true }).click();

  await expect(dialog.getByText('注册成功')).toBeVisible();
  await dialog.getByRole('button', { name: '去登录' }).click();
  await expect(dialog.getByRole('tab', { name: '密码登录' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByLabel('邮箱')).toHaveValue(email);
  await dialog.getByLabel('密码', { exact: true }).fill('secret-123');
  await Promise.all([page.waitForEvent('load'), dialog.getByLabel('密码', { exact: true }).press('Enter')]);

  await expect(accountEntry(page, '个人中心')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('SECRET_TOKEN'))).toMatch(/\S{20,}/);
});

test("a refused registration code names both causes; a taken address's notice leads to login or reset", async ({
  page,
}) => {
  // Two page loads and the dialog island downloaded twice.
  test.slow();
  // A free address and a taken one get the same answers (tests/api/account/registration-limits.test.ts);
  // what a person reads must make sense for both.
  const email = uniqueEmail('refused');
  const dialog = await openLoginDialog(page);
  await dialog.getByRole('tab', { name: '注册' }).click();
  await dialog.getByLabel('邮箱').fill(email);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已注册的邮箱会收到登录提示' })).toBeVisible();
  await dialog.getByLabel('密码', { exact: true }).fill('secret-456');
  await dialog.getByLabel('确认密码').fill('secret-456');
  await dialog.getByLabel('验证码').fill('ZZZZZZ');
  await dialog.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await dialog.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByText('已注册的邮箱不会收到验证码，请直接登录或重置密码')).toBeVisible();

  // The link of the notice mailed to a taken address (no code): login or reset, the address filled in.
  await page.goto(`/emailValidation?${new URLSearchParams({ email, type: 'login' })}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('登录妙笔');
  await page.getByRole('button', { name: '忘记密码' }).click();
  await expect(page.getByRole('dialog', { name: '重置密码' }).getByLabel('邮箱')).toHaveValue(email);
});

test('every validation rule shows its message under its field', async ({ page }) => {
  const dialog = await openLoginDialog(page);
  await dialog.getByRole('tab', { name: '密码登录' }).click();
  const email = dialog.getByLabel('邮箱');
  const password = dialog.getByLabel('密码', { exact: true });

  // Shift+Enter does not submit; Enter does, and shows every error at once.
  await password.press('Shift+Enter');
  await expect(dialog.getByText('请正确填写输入框')).toBeHidden();
  await password.press('Enter');
  await expect(email).toHaveAccessibleDescription('请输入邮箱');
  await expect(password).toHaveAccessibleDescription('请输入密码');
  await expect(dialog.getByRole('alert').filter({ hasText: '请正确填写输入框' })).toBeVisible();
  await expect(email).toBeFocused();
  await email.fill('not-an-email');
  await expect(email).toHaveAccessibleDescription('请输入正确的邮箱格式');

  await dialog.getByRole('tab', { name: '注册' }).click();
  const field = (label: string) => dialog.getByLabel(label, { exact: true });
  await field('密码').fill('12345');
  await field('密码').blur();
  await expect(field('密码')).toHaveAccessibleDescription('密码长度不能少于 6 位');
  await field('确认密码').focus();
  await field('确认密码').blur();
  await expect(field('确认密码')).toHaveAccessibleDescription('请再次输入密码');
  await field('确认密码').fill('654321');
  await expect(field('确认密码')).toHaveAccessibleDescription('两次输入的密码不一致');
  await field('验证码').focus();
  await field('验证码').blur();
  await expect(field('验证码')).toHaveAccessibleDescription('请输入验证码');
  await field('验证码').fill('ab1');
  await expect(field('验证码')).toHaveAccessibleDescription('请输入六位验证码');
  await field('验证码').press('Enter');
  await expect(dialog.getByText('请正确填写输入框')).toBeVisible();
  await expect(dialog.getByText('请先阅读并同意用户协议和隐私政策')).toBeVisible();
});

test("the get-code button counts down 'N秒后重新获取' for 119 s", async ({ page }) => {
  await page.clock.install();
  const dialog = await openLoginDialog(page);
  await dialog.getByRole('tab', { name: '注册' }).click();
  await dialog.getByLabel('邮箱').fill(uniqueEmail('countdown'));
  // Paused, only runFor moves the countdown: on a busy machine the steps below take seconds of real time.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByRole('button', { name: '119秒后重新获取' })).toBeDisabled();
  await page.clock.runFor(1000);
  await expect(dialog.getByRole('button', { name: '118秒后重新获取' })).toBeDisabled();
  await page.clock.runFor(100_000);
  await expect(dialog.getByRole('button', { name: '18秒后重新获取' })).toBeDisabled();
  // Closing and reopening the dialog keeps the countdown.
  // The dialog's fade runs on animation frames, which the paused clock only gives through runFor.
  await page.keyboard.press('Escape');
  await page.clock.runFor(500);
  await accountEntry(page, '我的账户').click();
  await page.clock.runFor(500);
  await dialog.getByRole('tab', { name: '注册' }).click();
  await expect(dialog.getByRole('button', { name: /^1[78]秒后重新获取$/ })).toBeVisible();
  await page.clock.runFor(18_000);
  await expect(dialog.getByRole('button', { name: '获取验证码' })).toBeEnabled();
});

test('forgot password: reset with the mailed code, log in with the new one, then delete the account', async ({
  page,
}) => {
  const email = uniqueEmail('reset');
  await createAccount(page.request, email, 'old-secret');
  const dialog = await openLoginDialog(page);
  await dialog.getByRole('tab', { name: '密码登录' }).click();
  await dialog.getByRole('button', { name: '忘记密码？' }).click();
  const reset = page.getByRole('dialog', { name: '重置密码' });
  await reset.getByLabel('邮箱').fill(email);
  await reset.getByRole('button', { name: '获取验证码' }).click();
  await expect(reset.getByRole('button', { name: '119秒后重新获取' })).toBeVisible();
  await reset.getByLabel('验证码').fill((await mailedCode(email, 'reset')).code);
  await reset.getByLabel('新密码').fill('new-secret');
  await reset.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByRole('status').filter({ hasText: '密码修改成功' })).toBeVisible();
  await expect(reset).toBeHidden();

  await expect(dialog.getByLabel('邮箱')).toHaveValue(email);
  await dialog.getByLabel('密码', { exact: true }).fill('new-secret');
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: '登录', exact: true }).click()]);
  await expect(accountEntry(page, '个人中心')).toBeVisible();

  await accountEntry(page, '个人中心').click();
  await page.getByRole('dialog', { name: '个人中心' }).getByRole('button', { name: '注销账号' }).click();
  const remove = page.getByRole('dialog', { name: '注销账号' });
  await remove.getByLabel('密码').fill('new-secret');
  await remove.getByRole('button', { name: '注销账号' }).click();
  const confirm = page.getByRole('dialog', { name: '提示' });
  await expect(confirm).toContainText('确定要注销账号吗？');
  await Promise.all([page.waitForEvent('load'), confirm.getByRole('button', { name: '注销账号' }).click()]);
  await expect(accountEntry(page, '我的账户')).toBeVisible();
  const login = await page.request.post('/api/user/login/email', { data: { username: email, password: 'new-secret' } });
  expect(login.status()).toBe(400);
});

test("'trouble logging in' shows the support contact QR code", async ({ page }) => {
  const dialog = await openLoginDialog(page);
  await dialog.getByRole('tab', { name: '密码登录' }).click();
  await dialog.getByRole('button', { name: '登录遇到问题？' }).click();
  const support = page.getByRole('dialog', { name: '联系客服' });
  await expect(support.getByRole('img', { name: '客服联系二维码' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(support.getByRole('link', { name: /打开客服页面/ })).toHaveAttribute('href', /\/groups$/);
});
