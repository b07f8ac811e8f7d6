import { expect, test } from '@playwright/test';
import { generateSecret } from 'otplib';
import { runAdminCommand } from '../../src/server/cli/admin';
import { createSession } from '../../src/server/db/queries/sessions';
import { adminTotp, users } from '../../src/server/db/schema';
import { expectAxeClean, startSeededServer, totpCodes } from './console-server';
import { logIn } from './shop-helpers';

// Review first (docs/console.md): an admin holds pictures for review, a user's public picture waits as
// "审核中" (absent from /square) until approved in the queue. Its own server: roles are seeded before start.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1070;
let server: Awaited<ReturnType<typeof startSeededServer>> | undefined;
let BASE = '';
let adminToken = '';
let userToken = '';
const secret = generateSecret();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  // A new PGlite directory (initdb and every migration) takes tens of seconds on a busy machine.
  testInfo.setTimeout(240_000);
  server = await startSeededServer(PORT, async (db) => {
    const [admin] = await db.insert(users).values({ email: 'owner@review.test' }).returning();
    const [user] = await db.insert(users).values({ email: 'painter@review.test', nickname: '画家' }).returning();
    if (!admin || !user) throw new Error('no user');
    await runAdminCommand(db, ['grant', 'owner@review.test', 'admin']);
    await db.insert(adminTotp).values({ userId: admin.id, secret, confirmedAt: new Date() });
    adminToken = await createSession(db, { userId: admin.id });
    userToken = await createSession(db, { userId: user.id });
  });
  BASE = server.base;
});

test.afterAll(() => server?.stop());

async function drawPublic(prompt: string): Promise<string> {
  const headers = { authorization: `Bearer ${userToken}`, 'content-type': 'application/json' };
  const res = await fetch(`${BASE}/api/sd/submit/imagine`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ prompt, drawRate: '1:1', drawPublicFlag: 1 }),
  });
  const id: string = (await res.json()).mjChatMessage.id;
  await expect
    .poll(
      async () => {
        const task = await fetch(`${BASE}/api/sd/task`, { method: 'POST', headers, body: JSON.stringify({ id }) });
        return (await task.json()).data.status;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(10);
  return id;
}

test('a picture waits as 审核中 until an operator approves it, then shows on the square', async ({ page, browser }) => {
  test.slow();
  const next = totpCodes(secret);
  const opened = await fetch(`${BASE}/api/admin/session`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const [name = '', value = ''] = ((opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '').split('=');
  await page.context().addCookies([{ name, value, url: BASE }]);

  // Pictures: review first.
  await page.goto(`${BASE}/admin/settings`);
  // No wait for hydration: the gate's input stays disabled until then (src/components/Form.tsx).
  await page.getByLabel('验证码').fill(await next());
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page.getByRole('heading', { name: '站点设置', level: 1 })).toBeVisible();
  await page.getByLabel('图片先审后发').check();
  await page.getByLabel('验证码（保存需再次验证）').fill(await next());
  await page.getByRole('button', { name: '保存设置' }).click();
  await expect(page.getByRole('status').filter({ hasText: '设置已保存' })).toBeVisible();

  const id = await drawPublic('雨后的竹林');

  // The author sees it under review in their works.
  const author = await browser.newPage();
  await logIn(author, userToken);
  await author.goto(`${BASE}/draw`);
  await author.getByRole('tab', { name: '我的作品' }).click();
  await expect(author.locator(`[data-picture="${id}"]`).getByText('审核中')).toBeVisible({ timeout: 30_000 });

  // Nobody else finds it on the square.
  const visitor = await browser.newPage();
  await visitor.goto(`${BASE}/square`);
  await expect(visitor.locator(`a[href="/square/${id}"]`)).toHaveCount(0);

  // The queue shows it; approving publishes it.
  await page.goto(`${BASE}/admin/review`);
  await expect(page.getByRole('heading', { name: '内容审核', level: 1 })).toBeVisible();
  const item = page.locator(`[data-review-item="drawing:${id}"]`);
  await expect(item).toContainText('雨后的竹林');
  await expect(item).toContainText('画家');
  await expectAxeClean(page);
  await item.getByRole('button', { name: '通过' }).click();
  await item.getByLabel('原因').fill('画面正常');
  await item.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已通过' })).toBeVisible();
  await expect(item).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.locator(`a[href="/square/${id}"]`)).toHaveCount(1);
  await author.reload();
  await author.getByRole('tab', { name: '我的作品' }).click();
  await expect(author.locator(`[data-picture="${id}"]`)).toBeVisible({ timeout: 30_000 });
  await expect(author.locator(`[data-picture="${id}"]`).getByText('审核中')).toHaveCount(0);

  // The word list page is clean too.
  await page.goto(`${BASE}/admin/words`);
  await expect(page.getByRole('heading', { name: '敏感词', level: 1 })).toBeVisible();
  await expectAxeClean(page);
});
