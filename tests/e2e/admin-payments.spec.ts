import { expect, test } from '@playwright/test';
import { generateSecret } from 'otplib';
import { orders, paymentRecords, products, reconcileDiffs, reconciliations, users } from '../../src/server/db/schema';
import { seedProductsIfEmpty } from '../../src/server/services/shop/products';
import { expectAxeClean, openConsoleIn, seedTotpAdmin, startSeededServer, totpCodes } from './console-server';

// An admin reviews a missed payment and credits it, resolves a bill difference with a reason; a day's
// reconciliation on the sandbox is refused
// (docs/console.md#payments). Its own server, on a port of this run's own range.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1099;
const ORDER_NO = 'MB20260101000000MISSEDPAY01';
const DIFF_ORDER_NO = 'MB20260102000000BILLDIFF01';
const secret = generateSecret();
let server: Awaited<ReturnType<typeof startSeededServer<string>>> | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  testInfo.setTimeout(240_000);
  server = await startSeededServer(PORT, async (db) => {
    const token = await seedTotpAdmin(db, 'owner@payments.test', secret);
    await seedProductsIfEmpty(db);
    const [buyer] = await db.insert(users).values({ email: 'buyer@payments.test' }).returning();
    const [month] = (await db.select().from(products)).filter((p) => p.productCode === 'VIP_MONTH');
    if (!buyer || !month) throw new Error('no seed');
    // Timed out here while WeChat Pay took a payment of another amount: markPaid refused it.
    const [order] = await db
      .insert(orders)
      .values({
        orderNo: ORDER_NO,
        userId: buyer.id,
        productId: month.id,
        productCode: month.productCode,
        productType: month.productType,
        productBenefit: month.productBenefit,
        orderDesc: month.productName,
        orderPrice: month.productDisPrice,
        orderStatus: 7,
        payProvider: 'wechatpay',
        payLimitTime: 15,
        expiresAt: new Date(Date.now() - 60_000),
      })
      .returning();
    await db.insert(paymentRecords).values({
      orderId: order?.id ?? null,
      orderNo: ORDER_NO,
      provider: 'wechatpay',
      source: 'notify',
      outcome: 'mismatch',
      amount: month.productDisPrice - 1,
      raw: '{"trade_state":"SUCCESS","amount":{"total":2899}}',
      review: 'open',
    });
    // A day's bill with one difference: the bill took a fee more than the order's price.
    const [run] = await db
      .insert(reconciliations)
      .values({ provider: 'wechatpay', billDate: '2026-01-02', status: 'done', lines: 1, differences: 1 })
      .returning();
    await db.insert(reconcileDiffs).values({
      runId: run?.id ?? 0,
      orderNo: DIFF_ORDER_NO,
      kind: 'amount',
      billAmount: month.productDisPrice + 6,
      ourAmount: month.productDisPrice,
    });
    return token;
  });
});

test.afterAll(() => server?.stop());

test('an admin credits a missed payment after reading its records', async ({ page, context }) => {
  test.slow();
  const base = server?.base ?? '';
  const next = totpCodes(secret);
  await openConsoleIn(context, base, server?.seeded ?? '');
  await page.goto(`${base}/admin/payments`);
  await page.getByLabel('验证码').fill(await next());
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page.getByRole('heading', { name: '支付对账', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: ORDER_NO })).toBeVisible();
  await page.getByText('查看').first().click();
  await expect(page.getByText('"total":2899')).toBeVisible();
  await expectAxeClean(page);

  await page.getByRole('button', { name: '补单' }).click();
  await page.getByLabel('验证码（再次验证）').fill(await next());
  await page.getByLabel('原因（必填）').fill('Paid one fen short by a coupon');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已补单：订单已支付。' })).toBeVisible();
  await expect(page.getByText('没有漏单。')).toBeVisible();

  // The bill's difference, resolved with a reason: still listed, marked, no longer offered.
  await page.getByRole('button', { name: `标记已处理：订单 ${DIFF_ORDER_NO}` }).click();
  await page.getByLabel('原因（必填）').fill('A fee the provider took, agreed by phone');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('status').filter({ hasText: '差异已标记为已处理。' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: DIFF_ORDER_NO });
  await expect(row).toContainText('A fee the provider took, agreed by phone');
  await expect(row.getByRole('button')).toHaveCount(0);
  await expectAxeClean(page);

  // The sandbox keeps no bills: the day is refused with the reason.
  await page.getByLabel('账单日期').fill('2026-01-01');
  await page.getByRole('button', { name: '对账该日' }).click();
  await expect(page.getByRole('status').filter({ hasText: '当前支付方式没有对账单。' })).toBeVisible();

  await page.goto(`${base}/admin/orders/${ORDER_NO}`);
  await expect(page.getByRole('heading', { name: '支付记录' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /审核后已补单/ })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/admin/payments`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
