import { expect, test } from '@playwright/test';
import { openLoginDialog } from './account-helpers';
import { startFreshServer } from './own-server';

// A site without an SMS service (SMS_PROVIDER=off): no phone sign-in (the profile: tests/unit/sms-off.test.ts).
test.describe('SMS_PROVIDER=off', () => {
  test.describe.configure({ mode: 'serial' });
  // Its own server: the setting is the process's.
  const PORT = Number(process.env.E2E_PORT ?? 4399) + 1141;
  const BASE = `http://127.0.0.1:${PORT}`;
  let server: Awaited<ReturnType<typeof startFreshServer>> | undefined;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    server = await startFreshServer(PORT, 'miaobi-sms-off-', { SMS_PROVIDER: 'off' });
  });
  test.afterAll(() => server?.stop());
  test.use({ baseURL: BASE });

  test('the login dialog has no phone tab', async ({ page }) => {
    const dialog = await openLoginDialog(page);
    await expect(dialog.getByRole('tab', { name: '微信扫码登录' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tab', { name: '密码登录' })).toBeVisible();
    await expect(dialog.getByRole('tab', { name: '手机号登录' })).toHaveCount(0);
  });
});
