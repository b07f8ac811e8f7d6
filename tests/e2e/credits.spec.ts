import { expect, test } from '@playwright/test';
import { createSession } from '../../src/server/db/queries/sessions';
import { users } from '../../src/server/db/schema';
import { book } from '../../src/server/services/credits/book';
import { replaceRates } from '../../src/server/services/credits/rates';
import { accountEntry, useToken } from './account-helpers';
import { expectAxeClean, startSeededServer } from './console-server';
import { holdRoute, waitForHydration } from './helpers';

// /credits and the profile's credit line (docs/credits.md): balance, history page by page, check-in.
// Its own server (rewards and movements seeded before it starts), on a port of the range tests may use.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1103;
let server: Awaited<ReturnType<typeof startSeededServer>> | undefined;
let BASE = '';
let token = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  // A new PGlite directory (initdb and every migration) takes tens of seconds on a busy machine.
  testInfo.setTimeout(240_000);
  server = await startSeededServer(PORT, async (db) => {
    const [user] = await db.insert(users).values({ email: 'saver@credits.test' }).returning();
    if (!user) throw new Error('no user');
    await replaceRates(db, { 'checkin:1': 5, 'checkin:2': 10 });
    // 100 credits, then 21 small gifts: 22 movements, two pages of history.
    await db.transaction(async (tx) => {
      await book(tx, { userId: user.id, reason: 'purchase', ref: 'ORDER-1', amount: 100 });
      for (let i = 0; i < 21; i++) await book(tx, { userId: user.id, reason: 'adjust', ref: `gift-${i}`, amount: 1 });
    });
    token = await createSession(db, { userId: user.id });
  });
  BASE = server.base;
});

test.afterAll(() => server?.stop());

test('the credits page shows the balance and history page by page, and checks in once', async ({ page }) => {
  test.slow();
  await useToken(page, token);
  await page.goto(`${BASE}/credits`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: '我的积分', level: 1 })).toBeVisible();
  await expect(page.getByTestId('credits-balance')).toHaveText('121');
  const rows = page.getByTestId('credits-history').locator('tbody tr');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('后台调整');
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.last()).toContainText('购买');
  await expect(rows.last()).toContainText('+100');
  await expect(page.getByText('签到可得 5 积分')).toBeVisible();
  await expectAxeClean(page);

  await page.getByTestId('check-in').click();
  await expect(page.getByText('签到成功，获得 5 积分')).toBeVisible();
  await expect(page.getByTestId('credits-balance')).toHaveText('126');
  await expect(page.getByTestId('check-in')).toHaveText('今日已签到');
  await expect(page.getByTestId('check-in')).toBeDisabled();
  // Back on page 1, the check-in heads the history.
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('签到');
  await expect(rows.first()).toContainText('+5');
  await expect(page.getByText('已连续签到 1 天')).toBeVisible();

  // A reload asks the server again: still checked in, the balance kept.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('credits-balance')).toHaveText('126');
  await expect(page.getByTestId('check-in')).toBeDisabled();
});

test('the profile dialog shows the balance and links to /credits; the side nav lists the page', async ({ page }) => {
  await useToken(page, token);
  await page.goto(`${BASE}/terms`);
  await expect(page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '我的积分' })).toBeVisible();
  // The balance is held back until the dialog is drawn: its arrival must not move the buttons below it.
  const release = await holdRoute(page, '**/api/credits');
  await accountEntry(page, '个人中心').click();
  const dialog = page.getByRole('dialog');
  const remove = dialog.getByRole('button', { name: '注销账号' });
  await expect(remove).toBeVisible();
  const before = await remove.boundingBox();
  release();
  await expect(dialog.getByTestId('profile-credits')).toHaveText('126');
  expect(await remove.boundingBox()).toEqual(before);
  await expect(dialog.getByTestId('check-in')).toBeDisabled();
  await expectAxeClean(page);
  await dialog.getByTestId('profile-credits').click();
  await expect(page).toHaveURL(`${BASE}/credits`);
});

test("on a phone the '我的' sheet leads to /credits", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${BASE}/terms`);
  await page.getByRole('navigation', { name: '底部导航' }).getByRole('button', { name: '我的' }).click();
  const sheet = page.getByRole('dialog', { name: '我的' });
  await sheet.getByRole('link', { name: '我的积分' }).click();
  await expect(page).toHaveURL(`${BASE}/credits`);
});

test('a visitor is asked to log in', async ({ page }) => {
  await page.goto(`${BASE}/credits`);
  await expect(page.getByText('登录后查看积分')).toBeVisible();
  await page.locator('#main').getByRole('button', { name: '登录 / 注册' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
