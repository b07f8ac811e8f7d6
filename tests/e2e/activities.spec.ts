import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail, useToken } from './account-helpers';
import { setServerClock, siteInstant } from './activity-helpers';

const BASE = 'http://127.0.0.1';
const baseOf = (url: string | undefined) => url ?? BASE;

test.describe('/activities daily experience code', () => {
  test('counts down to 12:00 on the server clock, then offers 立即领取', async ({ page, context, baseURL }) => {
    // The visitor's own clock is five hours wrong: the page must not care.
    await page.clock.setSystemTime(new Date(Date.now() + 5 * 3_600_000));
    // 15 s before the opening: a busy CI machine may take several seconds to load and hydrate the page.
    await setServerClock(context, baseOf(baseURL), siteInstant(1, 11, 59, 45));
    await page.goto('/activities');
    const timer = page.getByRole('timer');
    await expect(timer).toBeVisible();
    await expect(timer).toHaveAttribute('data-countdown', /^00:00:(0\d|1[0-5])$/);
    await expect(page.getByRole('button', { name: '即将开始' })).toBeDisabled();
    await expect(page.getByText('今日剩余 50 份')).toBeVisible();

    const claim = page.getByRole('button', { name: '立即领取' });
    await expect(claim).toBeEnabled({ timeout: 20_000 });
    await expect(timer).toHaveCount(0);
  });

  test('asks visitors to log in, then claims once for a logged-in user', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    await setServerClock(context, baseOf(baseURL), siteInstant(2, 12, 30));
    await page.goto('/activities');
    await page.getByRole('button', { name: '立即领取' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '您还没有登录，请登录后领取' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: '欢迎来到妙笔' })).toBeVisible();

    const token = await createAccount(request, uniqueEmail('coupon'), 'secret123');
    await useToken(page, token);
    await page.goto('/activities');
    await page.getByRole('button', { name: '立即领取' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: '领取成功，已发放至您的账户，仅限当日使用' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: '已领取' })).toBeDisabled();
    const code = page.getByTestId('coupon-code');
    await expect(code).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{2}$/);
    await expect(page.getByText(/体验码已自动兑换到你的账户/)).toBeVisible();

    // The claim is the server's: a reload still shows it.
    const shown = await code.textContent();
    await page.reload();
    await expect(page.getByRole('button', { name: '已领取' })).toBeDisabled();
    await expect(page.getByTestId('coupon-code')).toHaveText(shown ?? '');

    // The free-experience-code dialog explains a wrong code.
    await page.getByRole('button', { name: '兑换体验码' }).click();
    const dialog = page.getByRole('dialog', { name: '兑换体验码' });
    await dialog.getByRole('button', { name: '立即兑换' }).click();
    await expect(dialog.getByText('请输入体验码')).toBeVisible();
    await dialog.getByLabel('体验码').fill('nope-nope-22');
    await dialog.getByRole('button', { name: '立即兑换' }).click();
    await expect(dialog.getByText('体验码不存在，请检查后重新输入')).toBeVisible();
    // Said once, inline: no toast repeats it.
    await expect(page.getByText('体验码不存在，请检查后重新输入')).toHaveCount(1);
  });

  test('is one cached page for every visitor; the island takes the clock from the coupon list', async ({
    page,
    request,
  }) => {
    const first = await request.get('/activities');
    const second = await request.get('/activities');
    expect(first.status()).toBe(200);
    expect(first.headers()['cache-control'] ?? '').not.toContain('no-store');
    expect(second.headers().etag).toBe(first.headers().etag);

    // The cached page carries no clock: 15 s before the opening by the list's answer, the countdown says so.
    await page.route('**/api/coupon/draw/list/48', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data.serverTime = body.data.opensAt - 15_000;
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('/activities');
    await expect(page.getByRole('timer')).toHaveAttribute('data-countdown', /^00:00:(0\d|1[0-5])$/);
    await expect(page.getByRole('button', { name: '即将开始' })).toBeDisabled();
  });
});
