import { expect, test } from '@playwright/test';
import { waitForHydration } from './helpers';
import { cancelOrder, createOrder, logIn, newAccount } from './shop-helpers';

test.describe('my orders', () => {
  test('a visitor sees only the login warning', async ({ page }) => {
    await page.goto('/order');
    await waitForHydration(page);
    await expect(page.getByRole('navigation', { name: '面包屑导航' })).toContainText('我的');
    await expect(page.getByRole('alert')).toHaveText(/您还没有登录，请登录后查看！/);
    await expect(page.getByRole('search')).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
    // The page's own button (the header's account control has the same name).
    await page.getByRole('main').getByRole('button', { name: '登录 / 注册' }).click();
    await expect(page.getByRole('dialog', { name: '欢迎来到妙笔' })).toBeVisible();
  });

  test('search, paging, view, go pay with a push, cancel, and cards on phones', async ({ page, request }) => {
    const token = await newAccount(request, 'orders');
    for (let i = 0; i < 11; i++) {
      const order = await createOrder(request, token, 'VIP_MONTH');
      await cancelOrder(request, token, order.orderNo);
    }
    const plus = await createOrder(request, token, 'PLUS_MONTH');
    const quarter = await createOrder(request, token, 'VIP_QUARTER');
    await logIn(page, token);
    await page.goto('/order');
    await waitForHydration(page);

    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(11); // header + 10
    await expect(page.getByText('共 13 条')).toBeVisible();
    const pager = page.getByRole('navigation', { name: '分页' });
    await pager.getByRole('button', { name: '第 2 页' }).click();
    await expect(rows).toHaveCount(4);
    await expect(pager.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');

    // Order number required, checked on blur; Enter submits.
    const input = page.getByRole('searchbox', { name: '订单号' });
    await input.focus();
    await input.blur();
    await expect(page.getByRole('alert').filter({ hasText: '请输入订单号' })).toBeVisible();
    // An empty number on Enter (whitespace too) says so and asks the server nothing.
    const asked: string[] = [];
    const record = (r: { url(): string; postData(): string | null }) => {
      if (r.url().endsWith('/api/order/list')) asked.push(r.postData() ?? '');
    };
    page.on('request', record);
    await page.getByRole('alert').filter({ hasText: '请输入订单号' }).waitFor();
    await input.fill('   ');
    await input.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: '请输入订单号' })).toBeVisible();
    await input.fill(quarter.orderNo);
    await input.press('Enter');
    await expect(rows).toHaveCount(2);
    // Cleared after a search: Enter keeps the found order listed and sends nothing either.
    await input.fill('');
    await input.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: '请输入订单号' })).toBeVisible();
    await expect(rows).toHaveCount(2);
    page.off('request', record);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((body) => !body.includes(quarter.orderNo))).toEqual([]);
    await input.fill(quarter.orderNo);
    const row = rows.filter({ hasText: quarter.orderNo });
    await expect(row).toContainText('季度会员');
    await expect(row).toContainText('79.00');
    await expect(row).toContainText('支付中');
    await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

    // Go pay: the pay dialog; a payment pushed while it shows closes it and reloads the list.
    await row.getByRole('button', { name: '去支付' }).click();
    const pay = page.getByRole('dialog', { name: /扫码支付/ });
    await expect(pay.getByRole('img', { name: '支付二维码' })).toHaveAttribute('src', /^data:image\/png/);
    await expect(pay.getByRole('timer')).toBeVisible();
    // The phone that scans it confirms with the one-time key the dialog's link carries.
    const payLink = new URL((await pay.getByRole('link', { name: /打开沙箱支付页/ }).getAttribute('href')) ?? '');
    expect(payLink.pathname).toBe(`/pay/sandbox/${quarter.orderNo}`);
    const confirmed = await request.post(`/api/pay/sandbox/${quarter.orderNo}/confirm`, {
      data: { key: payLink.searchParams.get('key') },
    });
    expect((await confirmed.json()).data.orderStatus).toBe(1);
    await expect(page.getByRole('status').filter({ hasText: '支付成功，已为您开通 季度会员' })).toBeVisible();
    await expect(pay).toBeHidden();
    await expect(row).toContainText('支付成功');

    // View: the order-info dialog.
    await row.getByRole('button', { name: '查看' }).click();
    const info = page.getByRole('dialog', { name: '订单信息' });
    await expect(info).toContainText(quarter.orderNo);
    await expect(info).toContainText('90 天');
    await expect(info).toContainText('支付成功');
    await info.getByRole('button', { name: '关闭' }).first().click();
    await expect(info).toBeHidden();

    // Refresh lists everything again; the unpaid Plus order can be cancelled after confirming.
    await page.getByRole('button', { name: '刷新' }).click();
    await expect(input).toHaveValue('');
    const plusRow = rows.filter({ hasText: plus.orderNo });
    await plusRow.getByRole('button', { name: '取消订单' }).click();
    await page.getByRole('dialog', { name: '取消订单' }).getByRole('button', { name: '确定取消' }).click();
    await expect(plusRow).toContainText('支付取消');
    await expect(plusRow.getByRole('button', { name: '取消订单' })).toHaveCount(0);

    // Phones get cards instead of the table.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('table')).toBeHidden();
    await expect(page.getByRole('list', { name: '订单列表' }).getByRole('listitem')).toHaveCount(10);
  });
});
