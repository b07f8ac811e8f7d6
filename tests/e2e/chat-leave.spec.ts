// A change made just before the page is left reaches the account: the page sends it as a
// keepalive request on pagehide, and the outbox replays it on the next load (docs/chat.md#sync).
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createAccount, useToken as startLoggedIn, uniqueEmail } from './account-helpers';
import { chatSidebar } from './chat-helpers';
import { waitForHydration } from './helpers';

async function putConversation(request: APIRequestContext, token: string, uuid: number, title: string) {
  const res = await request.put(`/api/chat/conversations/${uuid}`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      systemPrompt: null,
      description: null,
      templateId: null,
      deleted: false,
      changedAt: uuid,
      messages: [{ id: `q${uuid}`, dateTime: uuid, text: `${title}的问题`, inversion: true }],
    },
  });
  expect(res.status()).toBe(200);
}

async function liveTitles(request: APIRequestContext, token: string): Promise<string[]> {
  const res = await request.get('/api/chat/conversations', { headers: { authorization: `Bearer ${token}` } });
  const { records } = (await res.json()).data as { records: Array<{ title: string; deleted: boolean }> };
  return records.filter((r) => !r.deleted).map((r) => r.title);
}

const entry = (page: Page, title: string) => chatSidebar(page).getByRole('button', { name: title, exact: true });

/** An account with two conversations, open on /chat with both synced into the sidebar. */
async function accountOnChat(page: Page, request: APIRequestContext, tag: string, titles: [string, string]) {
  const token = await createAccount(request, uniqueEmail(tag), 'leave-pass-1');
  const now = Date.now();
  await putConversation(request, token, now - 2000, titles[0]);
  await putConversation(request, token, now - 1000, titles[1]);
  await startLoggedIn(page, token);
  await page.goto('/chat');
  await waitForHydration(page);
  for (const title of titles) await expect(entry(page, title)).toBeVisible({ timeout: 15_000 });
  // The login's first sync is over: from now on changes go to the server.
  const owner = () => page.evaluate(() => JSON.parse(localStorage.getItem('chatSync') ?? '{}').owner);
  await expect.poll(owner).toBe(token);
  return token;
}

/** Another device of the same account. */
async function otherDevice(context: BrowserContext, token: string) {
  const page = await context.newPage();
  await startLoggedIn(page, token);
  await page.goto('/chat');
  await waitForHydration(page);
  return page;
}

test('a conversation deleted as the page is left never comes back, here or on another device', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  const token = await accountOnChat(page, request, 'leave-delete', ['马上删除', '留着的']);

  // A conversation's buttons show on hover.
  await entry(page, '马上删除').hover();
  await chatSidebar(page).getByRole('button', { name: '删除“马上删除”' }).click();
  const confirm = page.getByRole('dialog').getByRole('button', { name: '确定' });
  await expect(confirm).toBeVisible();
  // The confirmation and the navigation in one task: the page is left at once, well within 100 ms.
  await Promise.all([
    page.waitForURL('**/product'),
    confirm.evaluate((button: HTMLElement) => {
      button.click();
      location.assign('/product');
    }),
  ]);

  // The keepalive request meets the server's queue of three workers' specs: as long as the other waits here.
  await expect.poll(() => liveTitles(request, token), { timeout: 15_000 }).not.toContain('马上删除');
  expect(await liveTitles(request, token)).toContain('留着的');
  const context = await browser.newContext();
  const second = await otherDevice(context, token);
  await expect(entry(second, '留着的')).toBeVisible({ timeout: 15_000 });
  await expect(entry(second, '马上删除')).toHaveCount(0);
  // A later sync (focus) brings nothing back either.
  await second.reload();
  await waitForHydration(second);
  await expect(entry(second, '留着的')).toBeVisible({ timeout: 15_000 });
  await expect(entry(second, '马上删除')).toHaveCount(0);
  await context.close();

  await page.goto('/chat');
  await waitForHydration(page);
  await expect(entry(page, '留着的')).toBeVisible();
  await expect(entry(page, '马上删除')).toHaveCount(0);
});

test('a conversation renamed as the page is left keeps its new title on another device', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  const token = await accountOnChat(page, request, 'leave-rename', ['旧标题', '别的对话']);

  await entry(page, '旧标题').hover();
  await chatSidebar(page).getByRole('button', { name: '重命名“旧标题”' }).click();
  const title = chatSidebar(page).getByRole('textbox', { name: '对话标题' });
  await title.fill('新标题');
  // Enter and the navigation in one task: the page is left at once, well within 100 ms.
  await Promise.all([
    page.waitForURL('**/product'),
    title.evaluate((input: HTMLElement) => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      location.assign('/product');
    }),
  ]);

  await expect.poll(() => liveTitles(request, token)).toContain('新标题');
  expect(await liveTitles(request, token)).not.toContain('旧标题');
  const context = await browser.newContext();
  const second = await otherDevice(context, token);
  await expect(entry(second, '新标题')).toBeVisible({ timeout: 15_000 });
  await expect(entry(second, '旧标题')).toHaveCount(0);
  await context.close();
});

/**
 * Deletes `gone` while offline, so the sync's own write fails and the deletion waits in the outbox, then
 * leaves the page while still offline. Chromium may still deliver the keepalive sent on leaving (it leaves
 * from the browser, past the page's network emulation) or may not; either way the page is gone before any
 * answer, so the outbox still holds the deletion for the next load. Answers the account's token.
 */
async function deleteOffline(
  context: BrowserContext,
  page: Page,
  request: APIRequestContext,
  tag: string,
  [gone, kept]: [string, string],
): Promise<string> {
  const token = await accountOnChat(page, request, tag, [gone, kept]);
  await entry(page, gone).hover();
  await chatSidebar(page)
    .getByRole('button', { name: `删除“${gone}”` })
    .click();
  const confirm = page.getByRole('dialog').getByRole('button', { name: '确定' });
  await expect(confirm).toBeVisible();
  await context.setOffline(true);
  await confirm.click();
  await expect(entry(page, gone)).toHaveCount(0);
  const outbox = () => page.evaluate(() => JSON.parse(localStorage.getItem('chatOutbox') ?? '{}'));
  await expect.poll(async () => Object.values(await outbox())).toEqual([expect.objectContaining({ deleted: true })]);
  await page.goto('about:blank');
  await context.setOffline(false);
  return token;
}

test('a deletion that could not be sent before the page closed is sent on the next load', async ({
  context,
  page,
  request,
}) => {
  test.slow();
  const token = await deleteOffline(context, page, request, 'leave-replay', ['断网时删除', '还在的']);
  await page.goto('/chat');
  await waitForHydration(page);
  await expect.poll(() => liveTitles(request, token)).not.toContain('断网时删除');
  await expect(entry(page, '还在的')).toBeVisible();
  await expect(entry(page, '断网时删除')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('chatOutbox'))).toBe('{}');
});

test('a deletion waiting in the outbox goes out from the next page even when it is not the chat', async ({
  context,
  page,
  request,
}) => {
  test.slow();
  const token = await deleteOffline(context, page, request, 'leave-elsewhere', ['离开时删除', '留下的']);
  // The membership page has no chat: the layout sends what waits once the page is idle.
  await page.goto('/product');
  await expect.poll(() => liveTitles(request, token), { timeout: 15_000 }).not.toContain('离开时删除');
  expect(await liveTitles(request, token)).toContain('留下的');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('chatOutbox'))).toBe('{}');
});
