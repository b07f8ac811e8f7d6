import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openLoginDialog } from './account-helpers';
import { newDataDir } from './data-dirs';
import { startOwnServer } from './own-server';

// A site without an SMS service (SMS_PROVIDER=off): no phone sign-in (the profile: tests/unit/sms-off.test.ts).
test.describe('SMS_PROVIDER=off', () => {
  test.describe.configure({ mode: 'serial' });
  // Its own server: the setting is the process's.
  const PORT = Number(process.env.E2E_PORT ?? 4399) + 1141;
  const BASE = `http://127.0.0.1:${PORT}`;
  // Made when a worker runs these tests, not when a process merely loads the file.
  let dir = '';
  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    dir = newDataDir('miaobi-sms-off-');
    server = await startOwnServer(PORT, dir, { SMS_PROVIDER: 'off' });
  });
  test.afterAll(() => {
    server?.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  test.use({ baseURL: BASE });

  test('the login dialog has no phone tab', async ({ page }) => {
    const dialog = await openLoginDialog(page);
    await expect(dialog.getByRole('tab', { name: '微信扫码登录' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tab', { name: '密码登录' })).toBeVisible();
    await expect(dialog.getByRole('tab', { name: '手机号登录' })).toHaveCount(0);
  });
});
