import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { waitForHydration } from './helpers';

async function openPrompts(page: Page) {
  await page.goto('/chat');
  await waitForHydration(page);
  await page.getByRole('button', { name: '提示词' }).click();
  await expect(page.getByRole('dialog', { name: '提示词商店' })).toBeVisible();
  return page.getByRole('dialog', { name: '提示词商店' });
}

const file = (name: string, text: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

test.describe('prompt store', () => {
  test('a bad file shows the JSON error; a good one adds entries and skips duplicates', async ({ page }) => {
    const dialog = await openPrompts(page);
    const input = page.getByTestId('prompt-import-file');
    await input.setInputFiles(file('bad.json', '{oops'));
    await expect(page.getByRole('alert').filter({ hasText: 'JSON 格式错误，请检查 JSON 格式' })).toBeVisible();

    await input.setInputFiles(
      file(
        'good.json',
        JSON.stringify([
          { key: '翻译官', value: '你是翻译官' },
          { act: 'Poet', prompt: 'You write poems' },
        ]),
      ),
    );
    await expect(dialog.locator('[data-prompt-row]')).toHaveCount(2);
    await expect(dialog.getByRole('cell', { name: '翻译官', exact: true })).toBeVisible();

    await input.setInputFiles(file('again.json', JSON.stringify([{ key: '翻译官', value: 'other' }])));
    await expect(page.getByRole('alert').filter({ hasText: '已跳过 1 条重复的提示词' })).toBeVisible();
    await expect(dialog.locator('[data-prompt-row]')).toHaveCount(2);
  });

  test('add checks required and duplicate fields; export downloads the JSON; use fills the input', async ({ page }) => {
    const dialog = await openPrompts(page);
    await dialog.getByRole('button', { name: '添加' }).click();
    const form = page.getByRole('dialog', { name: '添加' });
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form.getByRole('alert')).toHaveText('标题和内容都不能为空');
    await form.getByLabel('标题').fill('周报');
    await form.getByLabel('内容').fill('帮我写周报');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(dialog.locator('[data-prompt-row]')).toHaveCount(1);

    await dialog.getByRole('button', { name: '添加' }).click();
    await page.getByRole('dialog', { name: '添加' }).getByLabel('标题').fill('周报');
    await page.getByRole('dialog', { name: '添加' }).getByLabel('内容').fill('别的内容');
    await page.getByRole('dialog', { name: '添加' }).getByRole('button', { name: '保存' }).click();
    await expect(page.getByRole('dialog', { name: '添加' }).getByRole('alert')).toHaveText('已存在相同标题的提示词');
    await page.getByRole('dialog', { name: '添加' }).getByRole('button', { name: '取消' }).click();

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: '导出' }).click();
    const saved = await (await download).path();
    expect(JSON.parse(await readFile(saved, 'utf8'))).toEqual([{ key: '周报', value: '帮我写周报' }]);

    await dialog.getByRole('button', { name: '使用' }).click();
    await expect(page.getByRole('textbox', { name: '输入你的问题' })).toHaveValue('帮我写周报');
  });

  test('the online tab imports the site’s own list and says when a URL cannot be fetched', async ({ page }) => {
    const dialog = await openPrompts(page);
    await dialog.getByRole('tab', { name: '在线' }).click();
    await dialog.getByRole('button', { name: '下载并导入' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '请输入下载地址' })).toBeVisible();
    await dialog.getByRole('textbox', { name: '提示词列表地址' }).fill('http://127.0.0.1:9/none.json');
    await dialog.getByRole('button', { name: '下载并导入' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '无法获取该地址的内容' })).toBeVisible();
    await dialog.getByRole('button', { name: '选用' }).first().click();
    await dialog.getByRole('button', { name: '下载并导入' }).click();
    await expect(page.getByRole('status').filter({ hasText: /导入成功，新增 \d+ 条/ })).toBeVisible();
    await dialog.getByRole('tab', { name: '本地' }).click();
    await expect(dialog.locator('[data-prompt-row]')).toHaveCount(7);
  });
});
