import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { runAdminCommand } from '../../src/server/cli/admin';
import { openDatabase } from '../../src/server/db/client';
import { createSession } from '../../src/server/db/queries/sessions';
import { drawings, orders, products, userActivity, users } from '../../src/server/db/schema';
import { seedProductsIfEmpty } from '../../src/server/services/shop/products';
import { startOwnServer } from './own-server';

// Like admin-console.spec.ts, a server of its own (a role granted before it starts), one port further on.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1001;
const BASE = `http://127.0.0.1:${PORT}`;
let proc: ChildProcess;
let dataDir: string;
let memberId = 0;
let adminId = 0;
const tokens = { admin: '', phone: '', desk: '' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  testInfo.setTimeout(240_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'miaobi-console-users-'));
  const database = await openDatabase({ dataDir });
  const db = database.db;
  const [admin, member] = await db
    .insert(users)
    .values([
      { email: 'boss@users.test', nickname: 'Boss' },
      { email: 'customer@users.test', nickname: 'Customer' },
    ])
    .returning();
  if (!admin || !member) throw new Error('no users');
  memberId = member.id;
  adminId = admin.id;
  await runAdminCommand(db, ['grant', 'boss@users.test', 'admin']);
  tokens.admin = await createSession(db, { userId: admin.id });
  tokens.phone = await createSession(db, { userId: member.id, userAgent: 'PhoneBrowser/1.0', ip: '10.0.0.7' });
  tokens.desk = await createSession(db, { userId: member.id, userAgent: 'DeskBrowser/2.0', ip: '10.0.0.8' });
  // Real rows for today's figures: a paid order, a drawing, an active hour.
  await seedProductsIfEmpty(db);
  const [product] = await db.select().from(products).limit(1);
  if (!product) throw new Error('no product');
  const now = new Date();
  await db.insert(orders).values({
    orderNo: 'E2E-DASH-1',
    userId: member.id,
    productId: product.id,
    productCode: product.productCode,
    productType: product.productType,
    productBenefit: 30,
    orderDesc: 'test',
    orderPrice: 1990,
    orderStatus: 1,
    payProvider: 'sandbox',
    payLimitTime: 15,
    expiresAt: now,
    paidAt: now,
  });
  await db.insert(drawings).values({
    taskId: 'e2e-dash-drawing',
    userId: member.id,
    prompt: 'a cat',
    drawRate: '1:1',
    drawQuality: 1,
    drawSteps: 20,
    seed: 1,
    publicFlag: 2,
    status: 10,
    provider: 'mock',
    hookToken: 'x',
    deadlineAt: now,
  });
  await db
    .insert(userActivity)
    .values({ userId: member.id, hour: new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000) });
  await database.close();
  proc = await startOwnServer(PORT, dataDir);
});

test.afterAll(() => {
  if (proc && proc.exitCode === null) proc.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const info = (token: string) => fetch(`${BASE}/api/user/info`, { headers: { authorization: `Bearer ${token}` } });

test('an admin reads the dashboard from real rows, ends a customer session, and acts on no own account', async ({
  page,
}) => {
  test.slow();
  // The console session and TOTP through the API the console's own pages call (admin-console.spec.ts clicks them).
  const api = page.request;
  expect(
    (await api.post(`${BASE}/api/admin/session`, { headers: { authorization: `Bearer ${tokens.admin}` } })).ok(),
  ).toBe(true);
  const enrol = await (await api.post(`${BASE}/api/admin/totp/enrol`)).json();
  const code = await generate({ secret: enrol.data.secret });
  expect((await (await api.post(`${BASE}/api/admin/totp/confirm`, { data: { code } })).json()).code).toBe(200);
  // The customer signs in once with a wrong password: a failed row in the history.
  await fetch(`${BASE}/api/user/login/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'customer@users.test', password: 'not-the-password' }),
  });

  await page.goto(`${BASE}/admin`);
  await page.getByRole('radio', { name: '今天' }).check({ force: true });
  await expect(page.getByTestId('dash.revenue')).toHaveText('19.90');
  await expect(page.getByTestId('dash.paidOrders')).toHaveText('1');
  await expect(page.getByTestId('dash.drawings')).toHaveText('1');
  await expect(page.getByTestId('dash.activeDaily')).toHaveText('1');
  await expect(page.getByTestId('dashboard-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('usage-chart').locator('canvas')).toBeVisible();
  const days = page.getByTestId('dash-days');
  await expect(days.getByRole('cell', { name: '19.90' })).toBeVisible();
  const download = page.waitForEvent('download');
  await days.getByRole('button', { name: '导出 CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain('"19.90"');
  // A chosen range answers for exactly those days.
  await page.getByRole('radio', { name: '自定义日期' }).check({ force: true });
  await page.getByLabel('开始日期').fill('2026-01-01');
  await page.getByLabel('结束日期').fill('2026-01-03');
  await page.getByRole('button', { name: '查看' }).click();
  await expect(page.getByTestId('dash-range')).toHaveText('2026-01-01 – 2026-01-03');
  await expect(days.getByRole('row')).toHaveCount(4);

  await page.goto(`${BASE}/admin/users/${memberId}`);
  const sessions = page.getByTestId('user-sessions');
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await expect(page.getByTestId('user-sign-ins')).toContainText('失败');
  expect((await info(tokens.phone)).status).toBe(200);
  await sessions.getByRole('button', { name: '结束 PhoneBrowser/1.0' }).click();
  await page.getByLabel('原因（必填）').fill('Customer lost the phone');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await expect(sessions).not.toContainText('PhoneBrowser');
  expect((await info(tokens.phone)).status).toBe(401);
  expect((await info(tokens.desk)).status).toBe(200);

  // The admin's own page: the hierarchy's reason instead of actions, no session to end.
  await page.goto(`${BASE}/admin/users/${adminId}`);
  await expect(page.getByTestId('user-refusal')).toHaveText(/不能在控制台操作自己的账号/);
  await expect(page.getByTestId('user-sessions').getByRole('row')).toHaveCount(2);
  for (const name of ['调整会员', '封禁', '结束全部会话', /^结束 /])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
});
