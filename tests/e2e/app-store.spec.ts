import { expect, test } from '@playwright/test';
import { waitForHydration } from './helpers';

test.describe('app store', () => {
  test('search resets to page 1, scrolling loads page 2, a card opens a chat using the app', async ({ page }) => {
    test.slow();
    const pages: number[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/prompt/list/all')) pages.push(JSON.parse(req.postData() ?? '{}').pageNum);
    });
    await page.goto('/app/store');
    await waitForHydration(page);
    const cards = page.locator('[data-app-card]');
    await expect(cards).toHaveCount(30);

    await cards.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    // A long wheel may reach the end of page 2 too and load page 3 (65 apps): pages load in order, once each.
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(60);
    expect(pages.slice(0, 2)).toEqual([1, 2]);
    expect(pages).toEqual(pages.map((_, i) => i + 1));

    await page.getByRole('searchbox', { name: '搜索应用' }).fill('周报');
    await page.getByRole('searchbox', { name: '搜索应用' }).press('Enter');
    await expect(cards).toHaveCount(1);
    expect(pages.at(-1)).toBe(1);

    await cards.first().click();
    await expect(page).toHaveURL(/\/chat\/\d{13,}$/);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: '周报生成器' }).first()).toBeVisible();
    await page.getByRole('textbox', { name: '输入你的问题' }).fill('今天修了两个 bug');
    await page.getByRole('textbox', { name: '输入你的问题' }).press('Enter');
    // The demo answer says when the app's prompt went along as the system prompt.
    await expect(page.locator('[data-role="assistant"]').last()).toContainText('本次对话已带上你选择的应用设定', {
      timeout: 15_000,
    });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('chatStorage') ?? '{}'));
    expect(stored.history[0]).toMatchObject({ title: '周报生成器', templateId: expect.any(Number) });
    expect(stored.history[0].content).toContain('周报');
  });
});
