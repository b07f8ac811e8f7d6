import { type BrowserContext, expect, test } from '@playwright/test';
import { runAdminCommand } from '../../src/server/cli/admin';
import { createSession } from '../../src/server/db/queries/sessions';
import { adminTotp, users } from '../../src/server/db/schema';
import { useToken } from './account-helpers';
import { expectAxeClean, startSeededServer, totpCodes } from './console-server';
import { holdRoute, waitForHydration } from './helpers';

// Like admin-console.spec.ts, this file runs its own server (the admin role and its TOTP secret are
// written before it starts), on a port of its own.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1016;
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const USER = 'redeemer@content.test';
let server: Awaited<ReturnType<typeof startSeededServer>> | undefined;
const tokens = { admin: '', user: '' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  // A new PGlite directory (initdb and every migration) takes tens of seconds on a busy machine.
  testInfo.setTimeout(240_000);
  server = await startSeededServer(PORT, async (db) => {
    const [admin, user] = await db
      .insert(users)
      .values([{ email: 'editor@content.test' }, { email: USER }])
      .returning();
    if (!admin || !user) throw new Error('no users');
    await runAdminCommand(db, ['grant', 'editor@content.test', 'admin']);
    // Enrolment is the console spec's subject; here the authenticator is already set up.
    await db.insert(adminTotp).values({ userId: admin.id, secret: SECRET, confirmedAt: new Date() });
    tokens.admin = await createSession(db, { userId: admin.id });
    tokens.user = await createSession(db, { userId: user.id });
  });
});

test.afterAll(() => server?.stop());

/** Each sign-in takes a code of its own: a code is accepted once (console-server.ts). */
const nextCode = totpCodes(SECRET);

/** Opens a console session in the browser context and verifies it with the authenticator's code. */
async function signInConsole(context: BrowserContext) {
  const session = await context.request.post(`${BASE}/api/admin/session`, {
    headers: { authorization: `Bearer ${tokens.admin}` },
  });
  expect(session.status()).toBe(200);
  const verified = await context.request.post(`${BASE}/api/admin/totp/verify`, {
    data: { code: await nextCode() },
  });
  expect(verified.status()).toBe(200);
}

test('an admin generates codes, a user redeems one on the site, and the console shows who', async ({
  page,
  browser,
}) => {
  test.slow();
  await signInConsole(page.context());
  // The island's scripts are held back: until it hydrates, its server-rendered form takes no input, because
  // hydration would drop what was typed (src/components/Form.tsx).
  const release = await holdRoute(page, '**/_astro/**/*.js');
  await page.goto(`${BASE}/admin/codes`, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: '体验码' })).toBeVisible();
  await expect(page.getByLabel('数量')).toBeDisabled();
  release();
  await page.getByLabel('标签（发放渠道）').fill('e2e-campaign');
  await page.getByLabel('数量').fill('3');
  await page.getByLabel('每个码的会员天数').fill('2');
  await page.getByRole('button', { name: '生成', exact: true }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: '已生成 3 个体验码' })).toBeVisible();
  const batch = page.locator('tr[data-batch]').filter({ hasText: 'e2e-campaign' });
  await expect(batch).toHaveCount(1);
  await expect(batch).toContainText('0 / 3');

  await batch.getByRole('button', { name: '查看体验码' }).click();
  const rows = page.locator('tr[data-code]');
  await expect(rows).toHaveCount(3);
  const code = (await rows.first().getAttribute('data-code')) ?? '';
  expect(code).toMatch(/^[A-Z2-9]{10}$/);

  const site = await browser.newContext({ locale: 'zh-CN' });
  const userPage = await site.newPage();
  await useToken(userPage, tokens.user);
  await userPage.goto(`${BASE}/activities`);
  await userPage.getByRole('button', { name: '兑换体验码' }).click();
  const dialog = userPage.getByRole('dialog', { name: '兑换体验码' });
  await dialog.getByLabel('体验码').fill(code.toLowerCase());
  await dialog.getByRole('button', { name: '立即兑换' }).click();
  await expect(userPage.getByText(/兑换成功/).first()).toBeVisible();
  await site.close();

  await page.reload();
  await expect(batch).toContainText('1 / 3');
  await batch.getByRole('button', { name: '查看体验码' }).click();
  await page.getByLabel('兑换情况').selectOption('yes');
  const redeemed = page.locator(`tr[data-code="${code}"]`);
  await expect(rows).toHaveCount(1);
  await expect(redeemed).toContainText('已兑换');
  await expect(redeemed.getByRole('link', { name: USER })).toBeVisible();

  await expectAxeClean(page);
  const csv = await page.request.get(`${BASE}/api/admin/codes/batches/1/codes.csv`);
  expect(await csv.text()).toContain(`"${code}","redeemed"`);
});

test('an admin publishes a notice for visitors, and a visitor sees it', async ({ page, browser }) => {
  test.slow();
  await signInConsole(page.context());
  await page.goto(`${BASE}/admin/notices`);
  // A click before the island hydrates opens nothing.
  await waitForHydration(page);
  await page.getByRole('button', { name: '新建公告' }).click();
  const form = page.getByRole('form', { name: '新建公告' });
  await form.getByLabel('显示给').selectOption('visitors');
  await form.getByLabel('内容（简体中文，必填）').fill('今晚维护，{{openTime}} 起恢复领取');
  await form.getByLabel('内容（英文；留空则显示简体中文）').fill('Maintenance tonight');
  // The preview is drawn like the site's toast, placeholders filled, an empty language falling back.
  const preview = form.locator('[data-preview]');
  await expect(preview).toHaveText('今晚维护，12:00 起恢复领取');
  await form.getByLabel('预览语言').selectOption('en-US');
  await expect(preview).toHaveText('Maintenance tonight');
  await form.getByLabel('预览语言').selectOption('zh-TW');
  await expect(preview).toHaveText('今晚维护，12:00 起恢复领取');
  await expectAxeClean(page);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();
  await expect(page.locator('tr[data-notice-row]').filter({ hasText: '今晚维护' })).toContainText('显示中');
  await expectAxeClean(page);

  // On a phone the pages fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const p of ['/admin/codes', '/admin/notices']) {
    await page.goto(`${BASE}${p}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }

  const visitor = await browser.newContext({ locale: 'zh-CN' });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${BASE}/terms`);
  await expect(visitorPage.getByRole('status').filter({ hasText: '今晚维护，12:00 起恢复领取' })).toBeVisible();
  await visitor.close();

  // A signed-in user is not a visitor: the notice is not theirs.
  const member = await browser.newContext({ locale: 'zh-CN' });
  const userPage = await member.newPage();
  await useToken(userPage, tokens.user);
  const listed = userPage.waitForResponse((r) => r.url().includes('/api/notice/announcements'));
  await userPage.goto(`${BASE}/terms`);
  const body = await (await listed).json();
  expect(body.data.map((n: { content: string }) => n.content)).not.toContain('今晚维护，12:00 起恢复领取');
  await member.close();
});
