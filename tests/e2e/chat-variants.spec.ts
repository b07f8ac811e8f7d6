import { expect, type Page, test } from '@playwright/test';
import { waitForHydration } from './helpers';

const END = '不占用每日免费对话次数';

async function openChat(page: Page) {
  await page.goto('/chat');
  await waitForHydration(page);
  await expect(page.getByRole('textbox', { name: '输入你的问题' })).toBeVisible({ timeout: 15_000 });
}

async function ask(page: Page, text: string) {
  await page.getByRole('textbox', { name: '输入你的问题' }).fill(text);
  await page.getByRole('button', { name: '发送' }).click();
}

const question = (page: Page) => page.locator('[data-role="user"]');
const answer = (page: Page) => page.locator('[data-role="assistant"]');
const pagerOf = (scope: ReturnType<Page['locator']>) => scope.getByRole('group', { name: '切换版本' });

/**
 * Asks, and presses 停止生成 from inside the page as soon as the answer's first words render, so a
 * busy machine cannot let the short demo answer finish first.
 */
async function askAndStop(page: Page, text: string) {
  const stopped = page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const check = () => {
          const shown = [...document.querySelectorAll('[data-role="assistant"] [data-message-text]')].at(-1);
          const stop = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('停止生成'));
          if (!shown?.textContent?.includes('演示模式') || !stop) return;
          observer.disconnect();
          stop.click();
          resolve();
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
  );
  await ask(page, text);
  await stopped;
  await expect(page.getByRole('button', { name: '发送' })).toBeVisible();
}

test.describe('chat versions', () => {
  test('edit a question and resend, then flip between its versions: the answers follow', async ({ page }) => {
    test.slow();
    await openChat(page);
    await ask(page, '杭州有什么好玩的');
    await expect(answer(page).last()).toContainText(END, { timeout: 20_000 });

    // Esc cancels the editor and gives the focus back to 编辑.
    await question(page).hover();
    await question(page).getByRole('button', { name: '编辑' }).click();
    const editor = page.getByRole('textbox', { name: '修改问题' });
    await expect(editor).toBeFocused();
    await expect(editor).toHaveValue('杭州有什么好玩的');
    await editor.press('Escape');
    await expect(editor).toHaveCount(0);
    await expect(question(page).getByRole('button', { name: '编辑' })).toBeFocused();

    await question(page).getByRole('button', { name: '编辑' }).press('Enter');
    await expect(page.getByRole('button', { name: '保存并发送' })).toBeDisabled();
    await page.getByRole('textbox', { name: '修改问题' }).fill('苏州有什么好玩的');
    await page.getByRole('button', { name: '保存并发送' }).click();
    await expect(question(page)).toHaveCount(1);
    await expect(question(page)).toContainText('苏州有什么好玩的');
    await expect(answer(page)).toHaveCount(1);
    await expect(answer(page)).toContainText('苏州有什么好玩的');
    await expect(answer(page)).toContainText(END, { timeout: 20_000 });
    await expect(pagerOf(question(page))).toContainText('2/2');

    await pagerOf(question(page)).getByRole('button', { name: '上一个版本' }).click();
    await expect(question(page)).toContainText('杭州有什么好玩的');
    await expect(answer(page)).toContainText('杭州有什么好玩的');
    await expect(answer(page)).not.toContainText('苏州');
    await expect(pagerOf(question(page))).toContainText('1/2');
    await expect(pagerOf(question(page)).getByRole('button', { name: '上一个版本' })).toBeDisabled();

    await pagerOf(question(page)).getByRole('button', { name: '下一个版本' }).click();
    await expect(question(page)).toContainText('苏州有什么好玩的');
    await expect(answer(page)).toContainText('苏州有什么好玩的');

    // The versions are stored, and survive a reload.
    await page.reload();
    await waitForHydration(page);
    await expect(pagerOf(question(page))).toContainText('2/2');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('chatStorage') ?? '{}'));
    const [first] = stored.chat[0].data;
    expect(first.variants[0].text).toBe('杭州有什么好玩的');
    expect(first.variants[0].tail[0].text).toContain('杭州有什么好玩的');
  });

  test('regenerate keeps the old answer: ‹ 1/2 › flips between them', async ({ page }) => {
    test.slow();
    await openChat(page);
    await askAndStop(page, '讲个故事');
    await expect(answer(page)).not.toContainText(END);

    await answer(page).hover();
    await answer(page).getByRole('button', { name: '重新生成' }).click();
    await expect(answer(page)).toContainText(END, { timeout: 20_000 });
    await expect(answer(page)).toHaveCount(1);
    const pager = pagerOf(answer(page));
    await expect(pager).toContainText('2/2');

    await pager.getByRole('button', { name: '上一个版本' }).click();
    await expect(pager).toContainText('1/2');
    await expect(answer(page)).not.toContainText(END);
    // The older version was cut short: it may be continued.
    await expect(answer(page).getByRole('button', { name: '继续' })).toBeVisible();
    await pager.getByRole('button', { name: '下一个版本' }).click();
    await expect(pager).toContainText('2/2');
    await expect(answer(page)).toContainText(END);
    await expect(answer(page).getByRole('button', { name: '继续' })).toHaveCount(0);
  });

  test('stop an answer, then 继续 appends the rest to the same answer', async ({ page }) => {
    test.slow();
    await openChat(page);
    await askAndStop(page, '写一段介绍');
    // The answer's own words: the usage line under it names the model too.
    const text = answer(page).locator('[data-message-text] .markdown-body');
    await expect(text).not.toContainText(END);
    const words = async () => ((await text.textContent()) ?? '').replace(/[\s*>#`_▍-]/g, '');
    const before = await words();

    await answer(page).getByRole('button', { name: '继续' }).click();
    await expect(text).toContainText(END, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: '发送' })).toBeVisible();
    await expect(answer(page)).toHaveCount(1);
    await expect(answer(page).getByRole('button', { name: '继续' })).toHaveCount(0);
    const after = await words();
    expect(after.startsWith(before)).toBe(true);
    // Nothing was repeated: the demo answer reads once (its label and its intro name the mode), with its three list items.
    expect(after.match(/演示模式/g)).toHaveLength(2);
    await expect(text.locator('li strong')).toHaveCount(3);
  });
});
