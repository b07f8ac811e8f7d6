import { expect, test } from '@playwright/test';
import { generateSecret } from 'otplib';
import { runAdminCommand } from '../../src/server/cli/admin';
import { createSession } from '../../src/server/db/queries/sessions';
import { adminTotp, users } from '../../src/server/db/schema';
import { expectAxeClean, openConsoleIn, startSeededServer, totpCodes } from './console-server';

// Like admin-console.spec.ts, this file runs its own server: the admin role and its authenticator are set in
// the database before it starts. Its own port, beside that file's.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1030;
const ICP = '京ICP备20261125号-1';
let server: Awaited<ReturnType<typeof startSeededServer>> | undefined;
let BASE = '';
let token = '';
const secret = generateSecret();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  // A new PGlite directory (initdb and every migration) takes tens of seconds on a busy machine.
  testInfo.setTimeout(240_000);
  server = await startSeededServer(PORT, async (db) => {
    const [admin] = await db.insert(users).values({ email: 'owner@settings.test' }).returning();
    if (!admin) throw new Error('no user');
    await runAdminCommand(db, ['grant', 'owner@settings.test', 'admin']);
    // Enrolled already: the console spec covers enrolment.
    await db.insert(adminTotp).values({ userId: admin.id, secret, confirmedAt: new Date() });
    token = await createSession(db, { userId: admin.id });
  });
  BASE = server.base;
});

test.afterAll(() => server?.stop());

test('an admin sets the ICP number and the maintenance bar; the public page shows both until turned off', async ({
  page,
  context,
}) => {
  test.slow();
  const next = totpCodes(secret);
  await openConsoleIn(context, BASE, token);

  await page.goto(`${BASE}/admin/settings`);
  // No wait for hydration: the gate's input stays disabled until then (src/components/Form.tsx).
  await page.getByLabel('验证码').fill(await next());
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page.getByRole('heading', { name: '站点设置', level: 1 })).toBeVisible();
  await expectAxeClean(page);

  const icp = page.getByLabel('ICP 备案号');
  await expect(icp).toHaveValue('');
  await icp.fill(ICP);
  await page.getByLabel('维护提示条').check();
  await page.getByLabel('验证码（保存需再次验证）').fill(await next());
  await page.getByRole('button', { name: '保存设置' }).click();
  await expect(page.getByRole('status').filter({ hasText: '设置已保存' })).toBeVisible();
  await expect(page.getByText('控制台设置')).toHaveCount(2);

  const visitor = await context.browser()?.newPage();
  if (!visitor) throw new Error('no browser');
  await visitor.goto(`${BASE}/terms`);
  await expect(visitor.locator('[data-maintenance]')).toBeVisible();
  await expect(visitor.getByRole('contentinfo')).toContainText(ICP);

  // Back to the default (the bar off): the public page no longer shows it.
  await page.getByRole('button', { name: '恢复默认' }).last().click();
  await expect(page.getByText('保存后恢复为默认值')).toBeVisible();
  await page.getByLabel('验证码（保存需再次验证）').fill(await next());
  await page.getByRole('button', { name: '保存设置' }).click();
  await expect(page.getByRole('status').filter({ hasText: '设置已保存' })).toBeVisible();
  await expect(page.getByLabel('维护提示条')).not.toBeChecked();
  await visitor.reload();
  await expect(visitor.locator('[data-maintenance]')).toHaveCount(0);
  await expect(visitor.getByRole('contentinfo')).toContainText(ICP);

  // On a phone the page fits the screen and the save bar stays reachable.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('button', { name: '保存设置' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
