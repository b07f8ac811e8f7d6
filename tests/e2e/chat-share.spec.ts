import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { labelXmp } from '../../src/server/providers/image/label';
import { aigcRecord } from '../../src/shared/compliance';
import { createAccount, uniqueEmail, useToken } from './account-helpers';
import { askAndWait, chatSidebar } from './chat-helpers';
import { waitForHydration } from './helpers';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe findings (rule ids and targets) of the page as it is. */
async function seriousAxe(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Found = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run(d: Document, o: object): Promise<{ violations: Found[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

test('share a conversation, read it without JavaScript, find another one by search, revoke → 410', async ({
  browser,
  page,
  request,
}) => {
  // Two streamed answers, a second browser context and axe: slow on a busy two-core machine.
  test.slow();
  const token = await createAccount(request, uniqueEmail('share'), 'share-pass-1');
  await useToken(page, token);
  await page.goto('/chat');
  await waitForHydration(page);

  await askAndWait(page, '量子计算和经典计算有什么不同');
  await chatSidebar(page).getByRole('button', { name: '新建对话' }).click();
  await askAndWait(page, '推荐一本关于**科幻**的书 <b>raw</b>');

  await page.locator('[data-chat-share]').click();
  const dialog = page.getByRole('dialog', { name: '我的分享' });
  await expect(dialog).toBeVisible();
  const item = dialog.locator('[data-share-id]').first();
  const id = await item.getAttribute('data-share-id');
  expect(id).toMatch(/^[A-Za-z0-9_-]{16,}$/);

  // Read with JavaScript off: everything is in the served HTML.
  const noJs = await browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
  const reader = await noJs.newPage();
  const served = await reader.goto(`/share/${id}`);
  expect(served?.status()).toBe(200);
  await expect(reader.getByRole('heading', { level: 1 })).toContainText('推荐一本关于');
  await expect(reader.locator('main')).toContainText('<b>raw</b>');
  await expect(reader.locator('main b')).toHaveCount(0);
  await expect(reader.locator('.markdown-body').first()).toContainText('不占用每日免费对话次数');
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(reader.locator('meta[property="og:title"]')).toHaveAttribute('content', /推荐一本关于/);
  await expect(reader.getByRole('link', { name: '用妙笔继续聊' }).first()).toHaveAttribute('href', '/chat');
  await noJs.close();

  // The page as everyone sees it has no serious accessibility problem.
  const viewer = await browser.newPage({ locale: 'zh-CN' });
  await viewer.emulateMedia({ reducedMotion: 'reduce' });
  await viewer.goto(`/share/${id}`);
  expect(await seriousAxe(viewer)).toEqual([]);
  await viewer.close();

  // Listing it makes it indexable.
  await dialog.getByRole('checkbox', { name: '允许搜索引擎收录' }).check();
  await expect
    .poll(async () => (await (await request.get(`/share/${id}`)).text()).includes('name="robots" content="noindex"'))
    .toBe(false);

  // Revoke: the link is gone (410).
  await item.getByRole('button', { name: '撤销' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(dialog.locator(`[data-share-id="${id}"]`)).toHaveCount(0);
  expect((await request.get(`/share/${id}`)).status()).toBe(410);
  await dialog.getByRole('button', { name: '关闭' }).click();

  // Search from the sidebar finds the first conversation by a word inside its message.
  const search = page.getByRole('searchbox', { name: '搜索对话' });
  await search.fill('经典');
  const results = page.getByRole('list', { name: '搜索结果' });
  await expect(results.getByRole('button')).toHaveCount(1);
  await search.press('ArrowDown');
  await expect(results.getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-role="user"]').first()).toContainText('量子计算和经典计算有什么不同');
});

test('a shared picture whose own metadata labels it AI-generated says so on the share page', async ({ request }) => {
  const token = await createAccount(request, uniqueEmail('share-aigc'), 'share-pass-2');
  const headers = { authorization: `Bearer ${token}` };
  const tile = () => sharp({ create: { width: 48, height: 48, channels: 3, background: '#3366cc' } }).png();
  const record = aigcRecord({ serviceName: 'Another AI', filingCode: '' }, 'elsewhere-1');
  const sent = [];
  for (const [name, buffer] of [
    ['labelled.png', await tile().withXmp(labelXmp(record)).toBuffer()],
    ['plain.png', await tile().toBuffer()],
  ] as const) {
    const up = await request.post('/api/chat/attachments', {
      headers,
      multipart: { file: { name, mimeType: 'image/png', buffer } },
    });
    expect(up.status()).toBe(200);
    sent.push((await up.json()).data);
  }
  const question = { id: 'q', dateTime: 1, inversion: true, text: '这两张图', attachments: sent };
  const answer = { id: 'a', dateTime: 2, inversion: false, text: '一张标注了 AI 生成。' };
  const made = await request.post('/api/chat/shares', {
    headers,
    data: { conversationUuid: 4101, title: '图片标识', messages: [question, answer] },
  });
  const { id } = (await made.json()).data;
  const html = await (await request.get(`/share/${id}`, { headers: { cookie: 'lang=zh-CN' } })).text();
  expect(html.match(/data-upload-aigc="generated"/g)).toHaveLength(1);
  expect(html).toContain('图片：AI生成');
  expect(html.match(/data-upload-aigc=/g)).toHaveLength(1);
});
