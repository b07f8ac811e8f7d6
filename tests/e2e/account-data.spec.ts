// When a login ends on a browser — logout or account deletion — the account's conversations
// leave the sidebar and local storage, so the next person at the computer reads none of them; a
// visitor's own conversation, kept only on this device at login, stays (docs/chat.md#sync).
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accountEntry, createAccount, uniqueEmail, useToken } from './account-helpers';
import { askAndWait, chatSidebar } from './chat-helpers';
import { waitForHydration } from './helpers';

async function putConversation(request: APIRequestContext, token: string, title: string) {
  const now = Date.now();
  const res = await request.put(`/api/chat/conversations/${now}`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      systemPrompt: null,
      description: null,
      templateId: null,
      deleted: false,
      changedAt: now,
      messages: [{ id: 'q', dateTime: now, text: `${title}里的秘密`, inversion: true }],
    },
  });
  expect(res.status()).toBe(200);
}

const entry = (page: Page, title: string) => chatSidebar(page).getByRole('button', { name: title, exact: true });
const storedText = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }));

/** The login's profile dialog, then its `button`; the page reloads as a visitor. */
async function fromProfile(page: Page, button: string) {
  await accountEntry(page, '个人中心').click();
  await page.getByRole('dialog', { name: '个人中心' }).getByRole('button', { name: button }).click();
}

test('logging out forgets the account’s conversations; a visitor’s own, kept on this device, stays', async ({
  page,
  request,
}) => {
  test.slow();
  const token = await createAccount(request, uniqueEmail('logout-data'), 'logout-pass-1');
  await putConversation(request, token, '账号里的对话');

  await page.goto('/chat');
  await waitForHydration(page);
  await askAndWait(page, '访客自己的对话');
  await page.evaluate((value) => localStorage.setItem('SECRET_TOKEN', value), token);
  await page.reload();
  await waitForHydration(page);
  const offer = page.getByRole('dialog', { name: '同步本机对话' });
  await offer.getByRole('button', { name: '仅保留在本机' }).click();
  await expect(entry(page, '账号里的对话')).toBeVisible({ timeout: 15_000 });
  await expect(entry(page, '访客自己的对话')).toBeVisible();
  expect(await storedText(page)).toContain('账号里的对话里的秘密');

  await Promise.all([page.waitForEvent('load'), fromProfile(page, '退出登录')]);
  await waitForHydration(page);
  await expect(accountEntry(page, '我的账户')).toBeVisible();
  await expect(entry(page, '访客自己的对话')).toBeVisible();
  await expect(entry(page, '账号里的对话')).toHaveCount(0);
  const stored = await storedText(page);
  expect(stored).not.toContain('账号里的对话');
  expect(stored).not.toContain(token);
  expect(stored).toContain('访客自己的对话');
});

test('deleting the account forgets its conversations on this browser', async ({ page, request }) => {
  test.slow();
  const token = await createAccount(request, uniqueEmail('delete-data'), 'delete-pass-1');
  await putConversation(request, token, '将被注销的对话');
  await useToken(page, token);
  await page.goto('/chat');
  await waitForHydration(page);
  await expect(entry(page, '将被注销的对话')).toBeVisible({ timeout: 15_000 });

  await fromProfile(page, '注销账号');
  const remove = page.getByRole('dialog', { name: '注销账号' });
  await remove.getByLabel('密码').fill('delete-pass-1');
  await remove.getByRole('button', { name: '注销账号' }).click();
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '注销账号' }).click(),
  ]);
  await waitForHydration(page);
  await expect(accountEntry(page, '我的账户')).toBeVisible();
  await expect(chatSidebar(page).locator('[data-history-item]')).toHaveCount(1);
  await expect(entry(page, '将被注销的对话')).toHaveCount(0);
  const stored = await storedText(page);
  expect(stored).not.toContain('将被注销的对话');
  expect(stored).not.toContain(token);
});
