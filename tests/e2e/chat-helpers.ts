import { expect, type Page } from '@playwright/test';

/** The chat page's conversation list. */
export const chatSidebar = (page: Page) => page.getByRole('navigation', { name: '对话列表' });

/** Asks one question as the current person and waits for the whole offline answer. */
export async function askAndWait(page: Page, question: string): Promise<void> {
  const input = page.getByRole('textbox', { name: '输入你的问题' });
  await input.fill(question);
  await input.press('Enter');
  await expect(page.locator('[data-role="assistant"]').last()).toContainText('不占用每日免费对话次数', {
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: '发送' })).toBeVisible();
}
