import { expect, type Page, type Request, test } from '@playwright/test';
import { waitForHydration } from './helpers';

async function openChat(page: Page) {
  await page.goto('/chat');
  await waitForHydration(page);
  await expect(page.getByRole('textbox', { name: '输入你的问题' })).toBeVisible();
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: '对话列表' });

test.describe('chat', () => {
  test('a question streams its answer from the offline responder, and a reload keeps it', async ({ page }) => {
    await openChat(page);
    const input = page.getByRole('textbox', { name: '输入你的问题' });
    await input.fill('第一行');
    await input.press('Shift+Enter');
    await input.pressSequentially('第二行');
    await expect(input).toHaveValue('第一行\n第二行');
    await input.press('Enter');

    const answer = page.locator('[data-role="assistant"] [data-message-text]').last();
    // While streaming, a stop button shows and the answer grows piece by piece.
    await expect(page.getByRole('button', { name: '停止生成' })).toBeVisible();
    await expect(answer).toContainText('演示模式');
    const partial = (await answer.textContent()) ?? '';
    await expect(answer).toContainText('不占用每日免费对话次数', { timeout: 15_000 });
    expect(partial.length).toBeLessThan(((await answer.textContent()) ?? '').length);
    await expect(page.getByRole('button', { name: '发送' })).toBeVisible();
    // The demo answer is Markdown (a list with bold words) and carries no configuration help.
    await expect(answer.locator('li strong')).toHaveCount(3);
    await expect(answer).not.toContainText('OPENAI');
    await expect(page.locator('[data-role="user"]').last()).toContainText('第一行\n第二行');
    await expect(page.getByTestId('quota')).toContainText('今日剩余');

    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('[data-role="assistant"]').last()).toContainText('不占用每日免费对话次数');
    // The title is the question's first phrase (cut at the line break).
    await expect(sidebar(page).getByRole('button', { name: '第一行', exact: true })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('chatStorage') ?? '{}'));
    expect(stored.active).toBe(1002);
    expect(stored.chat[0].data).toHaveLength(2);
  });

  test('stop keeps the part already answered', async ({ page }) => {
    await openChat(page);
    await page.getByRole('textbox', { name: '输入你的问题' }).fill('停一下');
    // The answer's response ends cut by the stop (failed), or whole (finished) if the stop missed it.
    const ended = new Promise<void>((resolve) => {
      const end = (r: Request) => r.url().endsWith('/api/chat/process') && resolve();
      page.on('requestfailed', end);
      page.on('requestfinished', end);
    });
    await page.getByRole('button', { name: '发送' }).click();
    const answer = page.locator('[data-role="assistant"] [data-message-text]').last();
    await expect(answer).toContainText('演示模式');
    await page.getByRole('button', { name: '停止生成' }).click();
    await expect(page.getByRole('button', { name: '发送' })).toBeVisible();
    // The stopped answer may switch from streamed text to rendered Markdown (the renderer loads
    // lazily), so compare the words, not the markup around them.
    const words = async () => ((await answer.textContent()) ?? '').replace(/[\s*>#`_-]/g, '');
    const text = await words();
    // Once the response has ended nothing more can arrive; two frames later React has shown whatever did.
    await ended;
    await page.evaluate(async () => {
      for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
    });
    expect(await words()).toBe(text);
    expect(text).not.toContain('不占用每日免费对话次数');
  });

  test('conversations are renamed in place, deleted and cleared with confirmation', async ({ page }) => {
    await openChat(page);
    await sidebar(page).getByRole('button', { name: '新建对话' }).click();
    await expect(page).toHaveURL(/\/chat\/\d{13,}$/);
    await expect(sidebar(page).locator('[data-history-item]')).toHaveCount(2);

    await sidebar(page).getByRole('button', { name: '重命名“新对话”' }).first().click();
    const title = sidebar(page).getByRole('textbox', { name: '对话标题' });
    await title.fill('旅行计划');
    await title.press('Enter');
    await expect(sidebar(page).getByRole('button', { name: '旅行计划', exact: true })).toBeVisible();

    await sidebar(page).getByRole('button', { name: '删除“旅行计划”' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('确定要删除吗？');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(sidebar(page).getByRole('button', { name: '旅行计划', exact: true })).toBeVisible();
    await sidebar(page).getByRole('button', { name: '删除“旅行计划”' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(sidebar(page).getByRole('button', { name: '旅行计划', exact: true })).toHaveCount(0);
    await expect(sidebar(page).locator('[data-history-item]')).toHaveCount(1);

    await sidebar(page).getByRole('button', { name: '新建对话' }).click();
    await sidebar(page).getByRole('button', { name: '清空所有对话' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(sidebar(page).locator('[data-history-item]')).toHaveCount(1);
    await expect(sidebar(page).getByRole('button', { name: '新对话', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/chat\/1002$/);
  });
});
