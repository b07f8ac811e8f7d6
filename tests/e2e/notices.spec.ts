import { expect, test } from '@playwright/test';

test('the announcement shows once as a toast for a visitor, who keeps a local read flag', async ({ page }) => {
  const pushed = page.waitForRequest((r) => r.url().includes('/api/notice/push?noticeId=6'));
  await page.goto('/special');
  const toast = page.getByRole('status').filter({ hasText: '欢迎来到妙笔' });
  await expect(toast).toBeVisible();
  await pushed;
  expect(await page.evaluate(() => localStorage.getItem('miaobi:notice-read:6'))).toBe('1');

  const loaded = page.waitForResponse((r) => r.url().includes('/api/notice/announcements'));
  await page.reload();
  await loaded;
  await expect(toast).toHaveCount(0);
});

test('the maintenance bar is hidden unless configured', async ({ page }) => {
  await page.goto('/groups');
  await expect(page.locator('[data-maintenance]')).toHaveCount(0);
});

test('the layout modals open on demand: share and official-account QR', async ({ page }) => {
  await page.goto('/groups');
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('miaobi:open-modal', { detail: 'share' })));
  const share = page.getByRole('dialog', { name: '分享给朋友' });
  await expect(share.getByRole('img', { name: '二维码' })).toBeVisible();
  await expect(share.getByRole('button', { name: '复制链接' })).toBeVisible();
  await share.getByRole('button', { name: '关闭' }).click();

  await page.evaluate(() => window.dispatchEvent(new CustomEvent('miaobi:open-modal', { detail: 'official' })));
  const official = page.getByRole('dialog', { name: '关注公众号' });
  await expect(official.getByRole('img', { name: '公众号二维码' })).toHaveAttribute('src', /official-account-qr/);
});

test('each page banner shows on its page: new chat models on /chat, drawing beta on /draw', async ({ page }) => {
  await page.goto('/chat');
  const chat = page.locator('[data-notice="1"]');
  await expect(chat).toHaveText('新增多款对话模型，快来体验吧！');
  // Still there once the island has replaced its fallback.
  await expect(page.getByRole('textbox', { name: '输入你的问题' })).toBeEditable();
  await expect(chat).toBeVisible();
  await page.goto('/draw');
  await expect(page.locator('[data-notice="2"]')).toContainText('绘画功能处于公测阶段');
});
