import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { runAdminCommand } from '../../src/server/cli/admin';
import { createSession } from '../../src/server/db/queries/sessions';
import { users } from '../../src/server/db/schema';
import { useToken } from './account-helpers';
import { expectAxeClean, startSeededServer } from './console-server';

// The console needs a role granted in the database before the server starts
// (PGlite allows one process), so this file runs its own server, as the admin CLI would be used.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1000;
const BASE = `http://127.0.0.1:${PORT}`;
let server: Awaited<ReturnType<typeof startSeededServer>> | undefined;
const tokens: { admin: string; member: string } = { admin: '', member: '' };
const MEMBER = 'member@console.test';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  // A new PGlite directory (initdb and every migration) takes tens of seconds on a busy machine.
  testInfo.setTimeout(240_000);
  server = await startSeededServer(PORT, async (db) => {
    const [admin, member] = await db
      .insert(users)
      .values([
        { email: 'boss@console.test', nickname: 'Boss' },
        { email: MEMBER, nickname: 'Member' },
      ])
      .returning();
    if (!admin || !member) throw new Error('no users');
    await runAdminCommand(db, ['grant', 'boss@console.test', 'admin']);
    tokens.admin = await createSession(db, { userId: admin.id });
    tokens.member = await createSession(db, { userId: member.id });
  });
});

test.afterAll(() => server?.stop());

test('the console is a 404 for a visitor', async ({ page }) => {
  await page.goto(`${BASE}/admin`);
  expect(new URL(page.url()).pathname).toBe('/404');
});

test('an admin enrols TOTP, reads the dashboard, finds a user and extends their membership', async ({ page }) => {
  test.slow();
  await useToken(page, tokens.admin);
  await page.goto(`${BASE}/terms`);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^个人中心/ })
    .click();
  await page.getByRole('button', { name: '运营控制台' }).click();
  await page.waitForURL(`${BASE}/admin`);

  await page.getByRole('button', { name: '显示二维码' }).click();
  await expect(page.getByRole('img', { name: '验证器二维码' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await expectAxeClean(page);
  await page.getByLabel('验证码').fill(await generate({ secret }));
  await page.getByRole('button', { name: '确认绑定' }).click();

  // The dashboard counts the two users made above, today.
  await expect(page.getByRole('heading', { name: '数据概览' })).toBeVisible();
  await expect(page.getByTestId('dash.newUsers')).toHaveText('2');
  await expect(page.getByTestId('dashboard-chart').locator('canvas')).toBeVisible();
  await expectAxeClean(page);

  await page.getByRole('link', { name: '用户' }).click();
  await page.getByRole('searchbox', { name: '搜索用户' }).fill('member@');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await page.getByRole('link', { name: MEMBER }).click();
  await expect(page.getByTestId('users.email')).toHaveText(MEMBER);
  await page.getByRole('button', { name: '调整会员' }).click();
  await page.getByLabel('数量（负数为缩短）').fill('30');
  await page.getByLabel('原因（必填）').fill('Compensation for an outage');
  await expectAxeClean(page);
  await page.getByRole('button', { name: '确定' }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: '已完成' })).toBeVisible();
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await expect(page.getByTestId('user.vipEnd')).toHaveText(end);

  await page.getByRole('link', { name: '操作日志' }).click();
  await expect(page.getByRole('cell', { name: 'membership.vip' })).toHaveCount(1);
  await expectAxeClean(page);

  // On a phone the pages fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const p of ['/admin', '/admin/users', '/admin/audit']) {
    await page.goto(`${BASE}${p}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});

test("the user's profile shows the extended membership", async ({ page }) => {
  const info = await (
    await fetch(`${BASE}/api/user/info`, { headers: { authorization: `Bearer ${tokens.member}` } })
  ).json();
  expect(info.data.vipType).toBe(1);
  await useToken(page, tokens.member);
  await page.goto(`${BASE}/terms`);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^个人中心/ })
    .click();
  const end = new Date(info.data.endDate);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(String(end.getFullYear()));
  await expect(dialog.getByRole('button', { name: '运营控制台' })).toHaveCount(0);
});
