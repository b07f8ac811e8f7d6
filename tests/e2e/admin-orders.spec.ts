import { expect, type Page, test } from '@playwright/test';
import { generateSecret } from 'otplib';
import { runAdminCommand } from '../../src/server/cli/admin';
import { createSession } from '../../src/server/db/queries/sessions';
import { adminTotp, users } from '../../src/server/db/schema';
import { useToken } from './account-helpers';
import { startSeededServer, totpCodes } from './console-server';

// An admin finds an order, refunds it, and its owner's /order shows it refunded (docs/console.md#orders).
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1050;
const BUYER = 'buyer@orders.test';
const secret = generateSecret();
let server: Awaited<ReturnType<typeof startSeededServer<{ admin: string; buyer: string }>>>;
let orderNo = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  // A new PGlite directory (initdb and every migration) takes tens of seconds on a busy machine.
  testInfo.setTimeout(240_000);
  server = await startSeededServer(PORT, async (db) => {
    const [admin, buyer] = await db
      .insert(users)
      .values([
        { email: 'boss@orders.test', nickname: 'Boss' },
        { email: BUYER, nickname: 'Buyer' },
      ])
      .returning();
    if (!admin || !buyer) throw new Error('no users');
    await runAdminCommand(db, ['grant', 'boss@orders.test', 'admin']);
    // Enrolled already (enrolment has its own spec): the console asks only for a code.
    await db.insert(adminTotp).values({ userId: admin.id, secret, confirmedAt: new Date() });
    return {
      admin: await createSession(db, { userId: admin.id }),
      buyer: await createSession(db, { userId: buyer.id }),
    };
  });
  // The buyer orders a month of membership and pays it on the sandbox.
  const auth = { authorization: `Bearer ${server.seeded.buyer}`, 'content-type': 'application/json' };
  const products = await (await fetch(`${server.base}/api/product/list/aichat`, { method: 'POST' })).json();
  const month = products.data.data.find((p: { productCode: string }) => p.productCode === 'VIP_MONTH');
  const created = await (
    await fetch(`${server.base}/api/order/create`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ productId: month.productId, productCode: month.productCode }),
    })
  ).json();
  orderNo = created.data.orderNo;
  const key = new URL(created.data.payLink).searchParams.get('key');
  const paid = await fetch(`${server.base}/api/pay/sandbox/${orderNo}/confirm`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ key }),
  });
  expect((await paid.json()).data.orderStatus).toBe(1);
});

test.afterAll(() => server?.stop());

/** Each sign-in and refund takes a code of its own time step (a code is accepted once). */
const code = totpCodes(secret);

async function openConsole(page: Page) {
  const opened = await page.request.post(`${server.base}/api/admin/session`, {
    headers: { authorization: `Bearer ${server.seeded.admin}` },
  });
  expect(opened.status()).toBe(200);
  await page.goto(`${server.base}/admin/orders`);
  // No wait for hydration: the gate's input stays disabled until then (src/components/Form.tsx).
  await page.getByLabel('验证码').fill(await code());
  await page.getByRole('button', { name: '验证', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '订单' })).toBeVisible();
}

test('an admin finds the order and refunds it in full', async ({ page }) => {
  test.slow();
  await useToken(page, server.seeded.admin);
  await openConsole(page);
  await page.getByLabel('用户').fill(BUYER);
  await page.getByRole('button', { name: '筛选' }).click();
  await page.getByRole('link', { name: orderNo }).click();
  await expect(page.getByRole('heading', { name: orderNo })).toBeVisible();
  await expect(page.getByRole('cell', { name: '支付中 → 支付成功' })).toBeVisible();
  // "Query provider" on a paid sandbox order says paid, not "no payment".
  await page.getByRole('button', { name: '查询支付服务' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已付款（沙盒不保存付款记录' })).toBeVisible();

  await page.getByRole('button', { name: '退款', exact: true }).click();
  await expect(page.getByLabel(/^退款金额/)).toHaveValue('29.00');
  await page.getByLabel('验证码（再次验证）').fill(await code());
  await page.getByLabel('原因（必填）').fill('Bought twice by mistake');
  await page.getByRole('button', { name: '确认退款' }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: '已退款' })).toBeVisible();
  await expect(page.getByRole('heading', { name: orderNo }).getByText('已退款')).toBeVisible();
  await expect(page.getByRole('cell', { name: '支付成功 → 已退款' })).toBeVisible();
  // Refunded in full: nothing is left to refund.
  await expect(page.getByRole('button', { name: '退款', exact: true })).toHaveCount(0);

  // On a phone the order pages fit the screen (tables scroll inside their card).
  await page.setViewportSize({ width: 390, height: 844 });
  for (const p of ['/admin/orders', `/admin/orders/${orderNo}`]) {
    await page.goto(`${server.base}${p}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});

test("the buyer's /order shows the order refunded", async ({ page }) => {
  await useToken(page, server.seeded.buyer);
  await page.goto(`${server.base}/order`);
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row.getByText('已退款', { exact: true })).toBeVisible();
  await expect(row).toContainText('已退款金额 −29.00');
});
