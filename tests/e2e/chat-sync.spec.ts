import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createAccount, uniqueEmail, useToken } from './account-helpers';
import { askAndWait, chatSidebar } from './chat-helpers';
import { holdRoute, waitForHydration } from './helpers';

/** Logs the page in the way a login does: the token lands in storage, then the page reloads. */
async function logIn(page: Page, token: string) {
  await page.evaluate((value) => localStorage.setItem('SECRET_TOKEN', value), token);
  await page.reload();
  await waitForHydration(page);
}

async function serverTitles(request: APIRequestContext, token: string): Promise<string[]> {
  const res = await request.get('/api/chat/conversations', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const { records } = (await res.json()).data as { records: Array<{ title: string; deleted: boolean }> };
  return records.filter((r) => !r.deleted).map((r) => r.title);
}

test('a visitor’s conversation is offered for upload at login, reaches the account and another device; declining keeps it local', async ({
  browser,
  page,
  request,
}) => {
  // Three browser contexts and two fully streamed answers: ~40 s on a busy two-core machine, past the default 30 s.
  test.slow();
  const token = await createAccount(request, uniqueEmail('sync'), 'sync-pass-1');

  // As a visitor, then logged in: the offer counts the one local conversation.
  await page.goto('/chat');
  await waitForHydration(page);
  await askAndWait(page, '上传这段对话');
  await logIn(page, token);
  const offer = page.getByRole('dialog', { name: '同步本机对话' });
  await expect(offer).toContainText('这台设备上有 1 个登录前的对话');
  await offer.getByRole('button', { name: '上传' }).click();
  await expect(offer).toBeHidden();
  await expect.poll(() => serverTitles(request, token)).toContain('上传这段对话');

  // A second device logged in to the same account receives it, answer included.
  const other = await browser.newContext();
  const second = await other.newPage();
  await useToken(second, token);
  await second.goto('/chat');
  await waitForHydration(second);
  const uploaded = chatSidebar(second).getByRole('button', { name: '上传这段对话', exact: true });
  await expect(uploaded).toBeVisible();
  await uploaded.click();
  await expect(second.locator('[data-role="assistant"]').last()).toContainText('不占用每日免费对话次数');
  await other.close();

  // A third device's visitor conversation, declined at login: it stays on that device only,
  // while the account's conversation still arrives there.
  const third = await browser.newContext();
  const device = await third.newPage();
  await device.goto('/chat');
  await waitForHydration(device);
  await askAndWait(device, '只留在本机');
  await logIn(device, token);
  const offer3 = device.getByRole('dialog', { name: '同步本机对话' });
  await expect(offer3).toContainText('1 个登录前的对话');
  await offer3.getByRole('button', { name: '仅保留在本机' }).click();
  await expect(chatSidebar(device).getByRole('button', { name: '上传这段对话', exact: true })).toBeVisible();
  await expect(chatSidebar(device).getByRole('button', { name: '只留在本机', exact: true })).toBeVisible();
  expect(await serverTitles(request, token)).not.toContain('只留在本机');
  await third.close();
});

test('/chat/history on a fresh browser shows the account’s server conversations, answers as plain text', async ({
  page,
  request,
}) => {
  const token = await createAccount(request, uniqueEmail('history'), 'secret123');
  const now = Date.now();
  const put = await request.put(`/api/chat/conversations/${now}`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: '服务器上的对话',
      systemPrompt: null,
      description: null,
      templateId: null,
      deleted: false,
      changedAt: now,
      messages: [
        { id: 'q1', dateTime: now - 1000, text: '另一台设备上问的问题', inversion: true },
        {
          id: 'a1',
          dateTime: now,
          text: '> **提示**\n\n### 小标题\n\n- 第一点\n\n```js\nlet a = 1;\n```',
          inversion: false,
        },
      ],
    },
  });
  expect(put.status()).toBe(200);
  // Never opened /chat in this browser: the history page loads the conversations itself.
  await useToken(page, token);
  await page.goto('/chat/history');
  const entry = page.getByRole('link', { name: /另一台设备上问的问题/ });
  await expect(entry).toBeVisible({ timeout: 15_000 });
  await expect(entry).toContainText('提示 小标题 第一点 let a = 1;');
  await expect(entry).not.toContainText(/\*\*|###|```|>/);
});

test('a question asked while the login’s first sync is still running is the account’s: it is not offered as a visitor’s', async ({
  page,
  request,
}) => {
  const token = await createAccount(request, uniqueEmail('sync-race'), 'sync-race-1');
  await useToken(page, token);
  // The first sync's list is held until the question has been answered.
  const release = await holdRoute(page, '**/api/chat/conversations', (request) => request.method() === 'GET');
  await page.goto('/chat');
  await waitForHydration(page);
  await page.getByRole('textbox', { name: '输入你的问题' }).fill('登录后马上提问');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(page.locator('[data-role="assistant"]').last()).toContainText('演示模式');
  release();
  // The first sync ends without asking, and the conversation reaches the account.
  const owner = () => page.evaluate(() => JSON.parse(localStorage.getItem('chatSync') ?? '{}').owner);
  await expect.poll(owner).toBe(token);
  await expect(page.getByRole('dialog', { name: '同步本机对话' })).toHaveCount(0);
  await expect.poll(async () => (await serverTitles(request, token)).length).toBeGreaterThan(0);
});
