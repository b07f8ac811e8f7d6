import { type APIRequestContext, expect, test } from '@playwright/test';
import { cancelOrder, createOrder, newAccount } from './shop-helpers';

// The pages a personal link opens (an e-mailed code, a sandbox pay link, a
// sandbox WeChat QR) are one shell per language from the page cache: the
// address, code and one-time key stay in the browser (the island reads them
// and asks the API, which checks the keys), never in the served HTML.

const KEY = 'k'.repeat(43);

async function shell(request: APIRequestContext, path: string) {
  const res = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.status(), path).toBe(200);
  return { etag: res.headers().etag, referrer: res.headers()['referrer-policy'], text: await res.text() };
}

test('every link of a personal-link page gets the same shell, with no address, code or key in it', async ({
  request,
}) => {
  const pairs = [
    [
      `/emailValidation?email=first%40example.com&code=ABC123&type=register`,
      `/emailValidation?email=other%40example.com&type=login`,
    ],
    [`/pay/sandbox/MB1111111111?key=${KEY}`, '/pay/sandbox/MB2222222222?key=other-key'],
    [`/wx/sandbox/0123456789abcdef?key=${KEY}`, '/wx/sandbox/fedcba9876543210'],
  ];
  for (const [first, second] of pairs as [string, string][]) {
    const a = await shell(request, first);
    const b = await shell(request, second);
    expect(a.etag, first).toBeTruthy();
    expect(b.etag, second).toBe(a.etag);
    for (const secret of [
      KEY,
      'first@example.com',
      'first%40example.com',
      'ABC123',
      'MB1111111111',
      '0123456789abcdef',
    ]) {
      expect(a.text, `${first} names ${secret}`).not.toContain(secret);
    }
    expect(a.text).toContain('<meta name="robots" content="noindex"');
    expect(a.referrer).toBe('strict-origin-when-cross-origin');
  }
});

test('the sandbox pay page shows the order its key opens, and what became of it', async ({ page, request }) => {
  const token = await newAccount(request, 'links');
  const order = await createOrder(request, token, 'VIP_MONTH');
  const link = new URL(order.payLink ?? '', 'http://x');
  const path = link.pathname + link.search;
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).origin));

  await page.goto(path);
  await expect(page.locator('#sandbox-amount')).toContainText('29.00');
  await expect(page.getByText('月度会员')).toBeVisible();
  await expect(page.getByText(order.orderNo)).toBeVisible();
  await expect(page).toHaveTitle(/^沙箱支付/);
  // Nothing leaves the site: the key in the address reaches no third party.
  expect(new Set(requested)).toEqual(new Set([new URL(page.url()).origin]));

  // Cancelled by its owner meanwhile: the link says so and offers nothing.
  await cancelOrder(request, token, order.orderNo);
  await page.reload();
  await expect(page.getByRole('status')).toHaveText('该订单当前状态为「支付取消」，无法支付');
  await expect(page.getByRole('button', { name: '确认支付' })).toHaveCount(0);

  // A live order: cancel from the page uses the key up; the link then opens nothing.
  const second = await createOrder(request, token, 'VIP_MONTH');
  const secondLink = new URL(second.payLink ?? '', 'http://x');
  await page.goto(secondLink.pathname + secondLink.search);
  await page.getByRole('button', { name: '取消支付' }).click();
  await expect(page.getByRole('status')).toHaveText('已取消支付');
  await page.reload();
  await expect(page.getByRole('heading', { name: '支付链接无效' })).toBeVisible();
});
