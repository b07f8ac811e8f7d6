import { expect, test } from '@playwright/test';
import { generateSecret } from 'otplib';
import { runAdminCommand } from '../../src/server/cli/admin';
import { createSession } from '../../src/server/db/queries/sessions';
import { adminTotp, users } from '../../src/server/db/schema';
import { accountEntry, useToken } from './account-helpers';
import { expectAxeClean, openConsoleIn, startSeededServer, totpCodes } from './console-server';
import { waitForHydration } from './helpers';

// Its own server (the operator's role and authenticator are set before it starts), on its own port.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1060;
const USER = 'reader@usage.test';
let server: Awaited<ReturnType<typeof startSeededServer>> | undefined;
let BASE = '';
const tokens = { user: '', operator: '' };
const secret = generateSecret();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  // A new PGlite directory (initdb and every migration) takes tens of seconds on a busy machine.
  testInfo.setTimeout(240_000);
  server = await startSeededServer(PORT, async (db) => {
    const [user, operator] = await db
      .insert(users)
      .values([{ email: USER }, { email: 'op@usage.test' }])
      .returning();
    if (!user || !operator) throw new Error('no users');
    await runAdminCommand(db, ['grant', 'op@usage.test', 'operator']);
    await db.insert(adminTotp).values({ userId: operator.id, secret, confirmedAt: new Date() });
    tokens.user = await createSession(db, { userId: user.id });
    tokens.operator = await createSession(db, { userId: operator.id });
  });
  BASE = server.base;
});

test.afterAll(() => server?.stop());

test('a user asks a question and finds the answer counted in their usage', async ({ page }) => {
  test.slow();
  await useToken(page, tokens.user);
  await page.goto(`${BASE}/chat`);
  await waitForHydration(page);
  await page.getByRole('textbox', { name: '输入你的问题' }).fill('记一笔');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(page.locator('[data-role="assistant"]').last()).toContainText('演示模式');
  await expect(page.getByRole('button', { name: '发送' })).toBeVisible({ timeout: 30_000 });

  await page.goto(`${BASE}/terms`);
  await accountEntry(page, '个人中心').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '我的用量' }).click();
  await expect(dialog.getByRole('heading', { name: '我的用量' })).toBeVisible();
  await expect(dialog.getByTestId('usage-today-answers')).toHaveText('1');
  await expect(dialog.getByTestId('usage-month-answers')).toHaveText('1');
  await expect(dialog.getByRole('cell', { name: 'miaobi-offline' })).toBeVisible();
  await expectAxeClean(page);

  // On a phone the same entry leads there, and the view fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await accountEntry(page, '个人中心').click();
  await page.getByRole('dialog').getByRole('button', { name: '我的用量' }).click();
  await expect(page.getByRole('dialog').getByTestId('usage-today-tokens')).not.toHaveText('0');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('an operator reads usage and margin in the console', async ({ page, context }) => {
  test.slow();
  const next = totpCodes(secret);
  await openConsoleIn(context, BASE, tokens.operator);

  await page.goto(`${BASE}/admin/usage`);
  // No wait for hydration: the gate's input stays disabled until then (src/components/Form.tsx).
  await page.getByLabel('验证码').fill(await next());
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page.getByRole('heading', { name: '用量与成本', level: 1 })).toBeVisible();
  await expect(page.getByTestId('usage-answers')).toHaveText('1');
  await expect(page.getByTestId('usage-cost')).toHaveText('0.0000');
  await expect(page.getByTestId('usage-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('usage-users').getByRole('link', { name: USER })).toHaveAttribute(
    'href',
    /\/admin\/users\/\d+$/,
  );
  await expectAxeClean(page);
});
