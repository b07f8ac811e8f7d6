import { readFileSync } from 'node:fs';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { accountEntry, createAccount, openLoginDialog, textedCode, uniqueEmail, useToken } from './account-helpers';
import { axeFindings } from './crawl-helpers';
import { waitForHydration } from './helpers';
import { startFreshServer } from './own-server';

// A number of its own per test and run: the per-number minute and daily limits hold across runs' tests.
let n = 0;
const uniquePhone = () => {
  n += 1;
  return `139${String((Date.now() + n * 7919) % 100_000_000).padStart(8, '0')}`;
};
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

async function mobilePage(browser: Browser, baseURL?: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    baseURL,
  });
  return context.newPage();
}

/** Fills a phone form's number, asks for the code (read from the SMS outbox) and types it. */
async function fillPhoneAndCode(page: Page, form: Locator, phone: string, dir?: string) {
  await form.getByRole('textbox', { name: '手机号 (+86)' }).fill(phone);
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('status').filter({ hasText: '验证码已通过短信发送' }).last()).toBeVisible();
  await expect(form.getByRole('button', { name: /秒后重新获取$/ })).toBeDisabled();
  await form.getByLabel('验证码').fill(await textedCode(phone, dir));
}

for (const viewport of ['desktop', 'mobile'] as const) {
  test(`${viewport}: sign in by a texted code; a new number gets an account, shown masked in the profile`, async ({
    browser,
    page: desktop,
  }) => {
    test.slow();
    const page = viewport === 'mobile' ? await mobilePage(browser, test.info().project.use.baseURL) : desktop;
    const phone = uniquePhone();
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('tab', { name: '手机号登录' }).click();
    expect(await axeFindings(page, `${viewport} phone tab`)).toEqual([]);

    await dialog.getByRole('textbox', { name: '手机号 (+86)' }).fill('12345');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByText('请输入正确的中国大陆手机号（+86）')).toBeVisible();
    await fillPhoneAndCode(page, dialog, phone);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(dialog.getByText('请先阅读并同意用户协议和隐私政策')).toBeVisible();
    await dialog.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: '登录', exact: true }).click()]);

    await accountEntry(page, '个人中心').click();
    const profile = page.getByRole('dialog', { name: '个人中心' });
    await expect(profile.getByText(masked(phone))).toBeVisible();
    await expect(profile.getByText(phone)).toHaveCount(0);
    expect(await axeFindings(page, `${viewport} profile`)).toEqual([]);
    // The owner's export holds the number in full.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      profile.getByRole('button', { name: '导出我的数据' }).click(),
    ]);
    expect(JSON.parse(readFileSync(await file.path(), 'utf8')).account.phone).toBe(phone);
  });
}

test('bind a phone in the profile, then change it with a code to the new number', async ({ page, request }) => {
  test.slow();
  await useToken(page, await createAccount(request, uniqueEmail('bind-phone'), 'bind-phone-1'));
  await page.goto('/terms');
  await accountEntry(page, '个人中心').click();
  const profile = page.getByRole('dialog', { name: '个人中心' });
  await profile.getByRole('button', { name: '绑定手机号' }).click();
  const bind = page.getByRole('dialog', { name: '绑定手机号' });
  const first = uniquePhone();
  await fillPhoneAndCode(page, bind, first);
  expect(await axeFindings(page, 'bind phone')).toEqual([]);
  await bind.getByRole('button', { name: '绑定', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '手机号绑定成功' })).toBeVisible();
  await expect(profile.getByText(masked(first))).toBeVisible();

  await profile.getByRole('button', { name: '更换手机号' }).click();
  const second = uniquePhone();
  const change = page.getByRole('dialog', { name: '绑定手机号' });
  await change.getByRole('textbox', { name: '手机号 (+86)' }).fill(second);
  // The server's 60 s gap is per number: another number is texted at once.
  await expect(change.getByRole('button', { name: '获取验证码' })).toBeEnabled({ timeout: 2000 });
  await fillPhoneAndCode(page, change, second);
  await page.getByRole('dialog', { name: '绑定手机号' }).getByRole('button', { name: '绑定', exact: true }).click();
  await expect(profile.getByText(masked(second))).toBeVisible();
});

test.describe('with the console requiring a phone (PHONE_REQUIRED)', () => {
  // One server for both tests, in one worker.
  test.describe.configure({ mode: 'serial' });
  // Its own server: the setting must not reach the other specs' requests.
  const PORT = Number(process.env.E2E_PORT ?? 4399) + 1110;
  const BASE = `http://127.0.0.1:${PORT}`;
  let server: Awaited<ReturnType<typeof startFreshServer>> | undefined;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    server = await startFreshServer(PORT, 'miaobi-phone-gate-', { PHONE_REQUIRED: 'true', IP_LIMIT_SCALE: '50' });
  });
  test.afterAll(() => server?.stop());

  for (const viewport of ['desktop', 'mobile'] as const) {
    test(`${viewport}: a chat message without a phone opens the binding; once bound, the chat answers`, async ({
      browser,
      playwright,
    }) => {
      test.slow();
      const api = await playwright.request.newContext({ baseURL: BASE });
      const token = await createAccount(api, uniqueEmail('gate'), 'gate-pass-1', server?.dataDir);
      const page =
        viewport === 'mobile'
          ? await mobilePage(browser, BASE)
          : await (await browser.newContext({ baseURL: BASE })).newPage();
      await useToken(page, token);
      await page.goto('/chat');
      await waitForHydration(page);
      const input = page.getByRole('textbox', { name: '输入你的问题' });
      await input.fill('你好');
      await input.press('Enter');
      await expect(page.getByText('根据实名要求，请先绑定手机号再生成或发布内容').first()).toBeVisible();
      const bind = page.getByRole('dialog', { name: '绑定手机号' });
      await expect(bind).toBeVisible();
      expect(await axeFindings(page, `${viewport} gate`)).toEqual([]);
      const phone = uniquePhone();
      await fillPhoneAndCode(page, bind, phone, server?.dataDir);
      await bind.getByRole('button', { name: '绑定', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: '手机号绑定成功' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(bind).toBeHidden();
      await input.fill('你好');
      await input.press('Enter');
      await expect(page.locator('[data-role="assistant"]').last()).toContainText('不占用每日免费对话次数', {
        timeout: 15_000,
      });
    });
  }
});
