import { expect, test } from '@playwright/test';
import { generateSecret } from 'otplib';
import { startMcpTestServer } from '../api/tools/mcp-test-server';
import { expectAxeClean, openConsoleIn, seedTotpAdmin, startSeededServer, totpCodes } from './console-server';

// Its own server (the admin role and authenticator are set before it starts), on a port of this worktree's range.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1097;
let server: Awaited<ReturnType<typeof startSeededServer<string>>> | undefined;
let mcp: Awaited<ReturnType<typeof startMcpTestServer>> | undefined;
let token = '';
const secret = generateSecret();

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  testInfo.setTimeout(240_000);
  mcp = await startMcpTestServer({ token: 'e2e-mcp-token' });
  server = await startSeededServer(PORT, (db) => seedTotpAdmin(db, 'owner@tools.test', secret));
  token = server.seeded;
});

test.afterAll(async () => {
  server?.stop();
  await mcp?.close();
});

test('an admin adds an MCP server, lists its tools, opens one to members and changes its token', async ({
  page,
  context,
}) => {
  test.slow();
  const base = server?.base ?? '';
  const next = totpCodes(secret);
  await openConsoleIn(context, base, token);

  await page.goto(`${base}/admin/tools`);
  await page.getByLabel('验证码').fill(await next());
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page.getByRole('heading', { name: '工具（MCP）', level: 1 })).toBeVisible();
  await expect(page.getByText('还没有 MCP 服务器。')).toBeVisible();
  await expectAxeClean(page);

  const form = page.getByRole('form', { name: '添加服务器' });
  await form.getByLabel('名称').fill('计算器');
  await form.getByLabel('地址（可流式 HTTP）').fill(mcp?.url ?? '');
  await form.getByLabel(/Bearer 令牌/).fill('e2e-mcp-token');
  // A token asks for a fresh two-factor code, as a channel's key does.
  await form.getByLabel('两步验证码（设置令牌时需要）').fill(await next());
  await form.getByRole('button', { name: '添加服务器' }).click();
  const card = page.locator('[data-mcp-server]');
  await expect(card).toContainText('已存令牌');
  await expect(card).not.toContainText('e2e-mcp-token');

  await card.getByRole('button', { name: '获取工具' }).click();
  await expect(card.getByRole('table')).toContainText('add');
  const addForMembers = card.getByRole('checkbox', { name: 'add 对会员开放' });
  await addForMembers.check();
  await card.getByRole('button', { name: '保存等级' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();
  await page.reload();
  await expect(page.locator('[data-mcp-server]').getByRole('checkbox', { name: 'add 对会员开放' })).toBeChecked();
  await expect(page.locator('[data-mcp-server]').getByRole('checkbox', { name: 'add 对访客开放' })).not.toBeChecked();
  await expectAxeClean(page);

  // A new token: refused with a wrong code, saved with a fresh one; the tools still list with it.
  await page.locator('[data-mcp-server]').getByRole('button', { name: '更换令牌' }).click();
  const change = page.getByRole('form', { name: '为 计算器 设置新令牌' });
  await change.getByLabel('新的 Bearer 令牌').fill('e2e-mcp-token');
  await change.getByLabel('两步验证码（设置令牌时需要）').fill('000000');
  await change.getByRole('button', { name: '保存令牌' }).click();
  await expect(change.getByRole('alert')).toContainText('此操作需要重新输入验证码');
  await change.getByLabel('两步验证码（设置令牌时需要）').fill(await next());
  await change.getByRole('button', { name: '保存令牌' }).click();
  await expect(page.getByRole('status').filter({ hasText: '令牌已更换' })).toBeVisible();
  await page.locator('[data-mcp-server]').getByRole('button', { name: '获取工具' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已获取工具列表' })).toBeVisible();
});
