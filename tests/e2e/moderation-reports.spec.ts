import { type BrowserContext, expect, test } from '@playwright/test';
import { runAdminCommand } from '../../src/server/cli/admin';
import { createSession } from '../../src/server/db/queries/sessions';
import { adminTotp, users } from '../../src/server/db/schema';
import { useToken } from './account-helpers';
import { expectAxeClean, startSeededServer, totpCodes } from './console-server';

// A user reports a square picture, an operator takes it down from the console's
// queue, and the square no longer shows it (docs/state-machines.md, "reports").
// Like the other console specs, this file runs its own server on a port of its own.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1063;
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const PROMPT = '举报测试：雨中的灯塔';
let server: Awaited<ReturnType<typeof startSeededServer>> | undefined;
const tokens = { operator: '', author: '', reporter: '' };
let pictureId = '';

test.describe.configure({ mode: 'serial' });

async function api(path: string, token: string, body: unknown) {
  const res = await fetch(BASE + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: { status: number }; mjChatMessage?: { id: string } };
}

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  // A new PGlite directory (initdb and every migration) takes tens of seconds on a busy machine.
  testInfo.setTimeout(240_000);
  server = await startSeededServer(PORT, async (db) => {
    const [operator, author, reporter] = await db
      .insert(users)
      .values([{ email: 'moderator@reports.test' }, { email: 'author@reports.test' }, { email: 'reader@reports.test' }])
      .returning();
    if (!operator || !author || !reporter) throw new Error('no users');
    await runAdminCommand(db, ['grant', 'moderator@reports.test', 'operator']);
    await db.insert(adminTotp).values({ userId: operator.id, secret: SECRET, confirmedAt: new Date() });
    tokens.operator = await createSession(db, { userId: operator.id });
    tokens.author = await createSession(db, { userId: author.id });
    tokens.reporter = await createSession(db, { userId: reporter.id });
  });
  const submitted = await api('/api/sd/submit/imagine', tokens.author, { prompt: PROMPT, drawRate: '1:1' });
  expect(submitted.code, JSON.stringify(submitted)).toBe(1000000);
  pictureId = submitted.mjChatMessage?.id ?? '';
  await expect
    .poll(async () => (await api('/api/sd/task', tokens.author, { id: pictureId })).data.status, {
      timeout: 60_000,
      intervals: [250],
    })
    .toBe(10);
});

test.afterAll(() => server?.stop());

const nextCode = totpCodes(SECRET);

async function signInConsole(context: BrowserContext) {
  const session = await context.request.post(`${BASE}/api/admin/session`, {
    headers: { authorization: `Bearer ${tokens.operator}` },
  });
  expect(session.status()).toBe(200);
  const verified = await context.request.post(`${BASE}/api/admin/totp/verify`, { data: { code: await nextCode() } });
  expect(verified.status()).toBe(200);
}

test('a user reports a square picture, an operator takes it down, the square no longer shows it', async ({
  page,
  browser,
}) => {
  test.slow();
  const reader = await browser.newContext({ locale: 'zh-CN' });
  const site = await reader.newPage();
  await useToken(site, tokens.reporter);
  await site.goto(`${BASE}/square`);
  const tile = site.locator('[data-square-item]').filter({ has: site.locator(`a[href="/square/${pictureId}"]`) });
  await expect(tile).toHaveCount(1);
  await tile.getByRole('button', { name: `举报：${PROMPT}` }).click();
  const dialog = site.getByRole('dialog', { name: '举报内容' });
  await expect(dialog).toBeVisible();
  // "Other" asks for words of one's own before anything is sent.
  await dialog.getByRole('radio', { name: '其他' }).check();
  await dialog.getByRole('button', { name: '提交举报' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('选择“其他”时请填写补充说明');
  await dialog.getByRole('radio', { name: '色情低俗' }).check();
  await dialog.getByLabel('补充说明').fill('不适合公开展示');
  await dialog.getByRole('button', { name: '提交举报' }).click();
  await expect(dialog).toBeHidden();
  await expect(site.getByText('感谢举报，我们会尽快处理')).toBeVisible();
  await reader.close();

  await signInConsole(page.context());
  await page.goto(`${BASE}/admin/reports`);
  await expect(page.getByRole('heading', { level: 1, name: '举报' })).toBeVisible();
  const item = page.locator(`[data-report-item="${pictureId}"]`);
  await expect(item).toContainText(PROMPT);
  await expect(item).toContainText('1 条举报');
  await expect(item).toContainText('色情低俗 — 不适合公开展示');
  await expect(item.getByRole('link', { name: 'author@reports.test' })).toHaveAttribute('href', /\/admin\/users\/\d+$/);
  await expectAxeClean(page);

  await item.getByRole('button', { name: '下架' }).click();
  await item.getByLabel('原因（必填）').fill('色情内容，下架');
  await item.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已处理' })).toBeVisible();
  await expect(item).toHaveCount(0);
  await page.getByRole('tab', { name: '已下架' }).click();
  await expect(page.locator(`[data-report-item="${pictureId}"]`)).toContainText('已下架');
  await expectAxeClean(page);

  // A visitor: the square and the picture's page have let it go.
  const visitor = await browser.newContext({ locale: 'zh-CN' });
  const anon = await visitor.newPage();
  await anon.goto(`${BASE}/square`);
  await expect(anon.locator(`a[href="/square/${pictureId}"]`)).toHaveCount(0);
  const gone = await anon.goto(`${BASE}/square/${pictureId}`);
  expect(gone?.status()).toBe(410);
  await expect(anon.getByRole('heading', { name: '内容已下架' })).toBeVisible();
  const sitemap = await (await anon.request.get(`${BASE}/sitemap.xml`)).text();
  expect(sitemap).not.toContain(pictureId);
  await visitor.close();
});

test('a visitor reports a shared conversation from its page; once taken down, the page answers 410', async ({
  page,
  browser,
}) => {
  test.slow();
  const shared = await fetch(`${BASE}/api/chat/shares`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.author}` },
    body: JSON.stringify({
      conversationUuid: 42,
      title: '举报测试：分享的对话',
      messages: [
        { id: 'q', dateTime: 1, inversion: true, text: '写一段违规的话' },
        { id: 'a', dateTime: 2, inversion: false, text: '这是一段回答。' },
      ],
    }),
  });
  const shareId = ((await shared.json()) as { data: { id: string } }).data.id;

  const visitor = await browser.newContext({ locale: 'zh-CN' });
  const anon = await visitor.newPage();
  await anon.goto(`${BASE}/share/${shareId}`);
  await anon.getByRole('button', { name: '举报：举报测试：分享的对话' }).click();
  const dialog = anon.getByRole('dialog', { name: '举报内容' });
  await dialog.getByRole('radio', { name: '违法违规' }).check();
  await dialog.getByRole('button', { name: '提交举报' }).click();
  await expect(anon.getByText('感谢举报，我们会尽快处理')).toBeVisible();

  await signInConsole(page.context());
  await page.goto(`${BASE}/admin/reports`);
  const item = page.locator(`[data-report-item="${shareId}"]`);
  await expect(item).toContainText('对话分享');
  await expect(item.getByRole('link', { name: '查看' })).toHaveAttribute('href', `/share/${shareId}`);
  await item.getByText('内容', { exact: true }).click();
  await expect(item.locator('[data-report-text]')).toContainText('写一段违规的话');
  await item.getByRole('button', { name: '下架' }).click();
  await item.getByLabel('原因（必填）').fill('违规对话，下架');
  await item.getByRole('button', { name: '确定' }).click();
  await expect(item).toHaveCount(0);

  // The page cache lets the cached copy go (NOTIFY), so the next visit finds it gone.
  await expect.poll(async () => (await anon.goto(`${BASE}/share/${shareId}`))?.status()).toBe(410);
  await expect(anon.getByRole('heading', { name: '内容已下架' })).toBeVisible();
  await visitor.close();
});
