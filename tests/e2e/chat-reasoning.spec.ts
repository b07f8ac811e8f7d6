import { expect, type Page, test } from '@playwright/test';
import { expectAxeClean } from './console-server';
import { waitForHydration } from './helpers';

const sidebar = (page: Page) => page.getByRole('navigation', { name: '对话列表' });
const picker = (page: Page) => page.getByRole('combobox', { name: '模型' });

test.describe('chat with a reasoning model', () => {
  test('the thinking block streams, folds with its time, opens again; usage shows; the model sticks to its conversation', async ({
    page,
  }) => {
    test.slow();
    await page.goto('/chat');
    await waitForHydration(page);
    // The offline responder offers a plain and a reasoning model, with their capabilities visible.
    await expect(picker(page).locator('option')).toHaveText(['演示模式', '演示模式 · 深度思考']);
    await picker(page).selectOption('miaobi-offline-reasoner');
    const caps = page.locator('[data-model-capabilities]');
    await expect(caps).toContainText('深度推理');

    // Thinking lasts about a second: the page itself notes the moment the block is open, says
    // "思考中" and shows reasoning that quotes the question, so no check can arrive too late.
    await page.evaluate(() => {
      const w = window as unknown as { sawThinking?: boolean };
      new MutationObserver(() => {
        const block = [...document.querySelectorAll('[data-role="assistant"] [data-reasoning]')].at(-1);
        const button = block?.querySelector('button');
        const text = block?.querySelector<HTMLElement>('[data-reasoning-text]');
        if (
          button?.textContent?.includes('思考中') &&
          button.getAttribute('aria-expanded') === 'true' &&
          text &&
          !text.hidden &&
          text.textContent?.includes('周末去哪儿玩')
        )
          w.sawThinking = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const input = page.getByRole('textbox', { name: '输入你的问题' });
    await input.fill('周末去哪儿玩');
    await input.press('Enter');
    const answer = page.locator('[data-role="assistant"]').last();
    const toggle = answer.locator('[data-reasoning] button');
    const thoughts = answer.locator('[data-reasoning-text]');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sawThinking?: boolean }).sawThinking))
      .toBe(true);
    // Once the answer begins the block folds, showing how long it thought.
    await expect(answer).toContainText('不占用每日免费对话次数', { timeout: 20_000 });
    await expect(toggle).toHaveText(/已深度思考（用时 \d+ 秒）/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(thoughts).toBeHidden();
    await toggle.click();
    await expect(thoughts).toBeVisible();
    await expect(thoughts).toContainText('演示模式');
    // The usage line: the model's name and the tokens the ledger counted.
    await expect(answer.locator('[data-usage]')).toHaveText(/^演示模式 · 深度思考 · 输入 \d+ \/ 输出 \d+ tokens$/);
    await expectAxeClean(page);

    // The reasoning is stored apart from the answer's text.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('chatStorage') ?? '{}'));
    const reply = stored.chat[0].data.at(-1);
    expect(reply.reasoning).toContain('周末去哪儿玩');
    expect(reply.reasoning).toContain('先想想这个问题的要点');
    expect(reply.text).not.toContain('先想想');
    expect(reply.thinkMs).toBeGreaterThanOrEqual(0);
    expect(reply.usage.outputTokens).toBeGreaterThan(0);

    // A new conversation picks the plain model; each conversation keeps its own.
    await sidebar(page).getByRole('button', { name: '新建对话' }).click();
    await expect(picker(page)).toHaveValue('miaobi-offline-reasoner');
    await picker(page).selectOption('miaobi-offline');
    await expect(caps).toContainText('可看图');
    await sidebar(page).getByRole('button', { name: '周末去哪儿玩', exact: true }).click();
    await expect(picker(page)).toHaveValue('miaobi-offline-reasoner');
    await sidebar(page).getByRole('button', { name: '新对话', exact: true }).click();
    await expect(picker(page)).toHaveValue('miaobi-offline');
    await page.reload();
    await waitForHydration(page);
    await expect(picker(page)).toHaveValue('miaobi-offline');
  });
});
