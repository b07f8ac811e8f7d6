import { type BrowserContext, expect, test } from '@playwright/test';
import { runAdminCommand } from '../../src/server/cli/admin';
import { createSession } from '../../src/server/db/queries/sessions';
import { adminTotp, users } from '../../src/server/db/schema';
import { expectAxeClean, startSeededServer, totpCodes } from './console-server';

// The complaint desk without an account (docs/compliance.md): a visitor finds it in the footer, files a
// complaint and gets a ticket, looks its status up; an operator replies in the console; the lookup
// shows the reply. Its own seeded server (an operator with an authenticator), on a port of its own.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1104;
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const EMAIL = 'visitor@complaint.test';
const REPLY = '已核实，相关图片已下架。';
let server: Awaited<ReturnType<typeof startSeededServer>> | undefined;
let operatorToken = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  // A new PGlite directory (initdb and every migration) takes tens of seconds on a busy machine.
  testInfo.setTimeout(240_000);
  server = await startSeededServer(PORT, async (db) => {
    const [operator] = await db.insert(users).values({ email: 'desk@complaint.test' }).returning();
    if (!operator) throw new Error('no user');
    await runAdminCommand(db, ['grant', 'desk@complaint.test', 'operator']);
    await db.insert(adminTotp).values({ userId: operator.id, secret: SECRET, confirmedAt: new Date() });
    operatorToken = await createSession(db, { userId: operator.id });
  });
});

test.afterAll(() => server?.stop());

const nextCode = totpCodes(SECRET);

async function signInConsole(context: BrowserContext) {
  const session = await context.request.post(`${BASE}/api/admin/session`, {
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  expect(session.status()).toBe(200);
  const verified = await context.request.post(`${BASE}/api/admin/totp/verify`, { data: { code: await nextCode() } });
  expect(verified.status()).toBe(200);
}

test('the footer links the complaint desk on desktop and phone', async ({ browser }) => {
  test.slow();
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ locale: 'zh-CN', viewport });
    const page = await context.newPage();
    await page.goto(`${BASE}/product`);
    const link = page.getByRole('contentinfo').getByRole('link', { name: '投诉举报' });
    await expect(link).toHaveAttribute('href', '/complaint');
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: '投诉举报' })).toBeVisible();
    await context.close();
  }
});

test('the terms and the privacy policy state the labels and the handling time', async ({ page }) => {
  await page.goto(`${BASE}/terms`);
  await expect(page.getByRole('heading', { level: 2, name: '九、AI 生成内容的标识' })).toBeVisible();
  await expect(page.getByText('我们将在 3 个工作日内处理并答复')).toBeVisible();
  await page.goto(`${BASE}/privacy`);
  await expect(page.getByText('不包含你的姓名、邮箱等个人信息')).toBeVisible();
  await expect(page.getByText(/我们将在 3 个工作日内处理并答复/)).toBeVisible();
});

test('a visitor files a complaint, an operator replies, the status lookup shows the reply', async ({
  page,
  browser,
}) => {
  test.slow();
  const visitor = await browser.newContext({ locale: 'zh-CN' });
  const site = await visitor.newPage();
  await site.goto(`${BASE}/complaint`);
  await expect(site.getByText('我们将在 3 个工作日内处理并答复')).toBeVisible();
  const form = site.getByRole('region', { name: '投诉举报' });
  await form.getByLabel('投诉类别').selectOption({ label: '侵犯权益' });
  await form.getByLabel('涉及内容的地址').fill(`${BASE}/square/d_example`);
  await form.getByLabel('问题描述').fill('这张图片使用了我的摄影作品，未经授权。');
  await form.getByLabel('联系邮箱').fill(EMAIL);
  await form.getByRole('button', { name: '提交投诉' }).click();
  const receipt = form.getByRole('status');
  await expect(receipt).toContainText('已提交，工单号：TS');
  await expect(receipt).toContainText('3 个工作日内');
  const ticket = /TS\d{8}[A-Z0-9]{8}/.exec((await receipt.textContent()) ?? '')?.[0] ?? '';
  expect(ticket).not.toBe('');
  await expectAxeClean(site);

  const lookup = site.getByRole('region', { name: '查询进度' });
  // A wrong pair tells nothing.
  await lookup.getByLabel('工单号').fill(ticket);
  await lookup.getByLabel('联系邮箱').fill('someone-else@complaint.test');
  await lookup.getByRole('button', { name: '查询' }).click();
  await expect(lookup.getByRole('alert')).toHaveText('没有找到该工单：请核对工单号和邮箱');
  await lookup.getByLabel('联系邮箱').fill(EMAIL);
  await lookup.getByRole('button', { name: '查询' }).click();
  await expect(lookup.getByText('状态：待处理')).toBeVisible();
  await expect(lookup.getByText('暂无答复')).toBeVisible();

  await signInConsole(page.context());
  await page.goto(`${BASE}/admin/complaints`);
  await expect(page.getByRole('heading', { level: 1, name: '投诉举报' })).toBeVisible();
  const card = page.locator(`[data-complaint="${ticket}"]`);
  await expect(card).toContainText('侵犯权益');
  await expect(card).toContainText('剩余');
  await card.getByRole('button', { name: '查看' }).click();
  await expect(card).toContainText('这张图片使用了我的摄影作品');
  await card.getByRole('button', { name: '回复', exact: true }).click();
  await card.getByLabel('回复（邮件发送给投诉人）').fill(REPLY);
  await card.getByRole('button', { name: '发送答复' }).click();
  await expect(page.getByRole('status').filter({ hasText: '答复已发送' })).toBeVisible();
  await expect(page.locator(`[data-complaint="${ticket}"]`)).toContainText('已答复');
  await expectAxeClean(page);

  await lookup.getByRole('button', { name: '查询' }).click();
  await expect(lookup.getByText('状态：已答复')).toBeVisible();
  await expect(lookup.getByText(REPLY)).toBeVisible();
  await visitor.close();
});
