import { expect, test } from '@playwright/test';
import { createAccount, uniqueEmail, useToken } from './account-helpers';
import { waitForHydration } from './helpers';

const answer = {
  id: 'a1',
  dateTime: Date.now() + 1,
  inversion: false,
  text: '猫一天要睡十几个小时 [1]，家猫平均十五小时 [2]。',
  model: 'miaobi-offline',
  citations: [
    { n: 1, kind: 'knowledge', title: 'cats.pdf', text: '猫每天睡十二到十六个小时。', baseId: 7, fileId: 70, page: 3 },
    {
      n: 2,
      kind: 'web',
      title: '家猫的睡眠',
      text: '家猫平均每天睡十五个小时。',
      url: 'https://example.org/cats/sleep',
      site: 'example.org',
    },
  ],
  tools: [
    {
      id: 'call_1',
      name: 'knowledge_search',
      input: '{"query":"猫 睡眠"}',
      output: '<source n="1">…',
      ok: true,
      ms: 12,
    },
  ],
};

test('a question about the date shows the clock tool as a folded step, kept after a reload', async ({ page }) => {
  await page.goto('/chat');
  await waitForHydration(page);
  const input = page.getByRole('textbox', { name: '输入你的问题' });
  await input.fill('今天是几号？');
  await input.press('Enter');
  const reply = page.locator('[data-role="assistant"]').last();
  await expect(reply).toContainText('我调用了时钟工具：现在是', { timeout: 15_000 });
  const step = reply.getByRole('button', { name: '已调用 now' });
  await expect(step).toHaveAttribute('aria-expanded', 'false');
  await expect(reply.locator('[data-tool-output]')).toBeHidden();
  await step.click();
  await expect(reply.locator('[data-tool-input]')).toHaveText('{}');
  await expect(reply.locator('[data-tool-output]')).toContainText('(Asia/Shanghai)');
  await page.reload();
  await waitForHydration(page);
  await expect(
    page.locator('[data-role="assistant"]').last().getByRole('button', { name: '已调用 now' }),
  ).toBeVisible();
});

test('an answer with sources links its [n] to them, in the chat and on the shared page, with its tool steps', async ({
  page,
  request,
  browser,
}) => {
  const token = await createAccount(request, uniqueEmail('cite'), 'cite-pass-1');
  const auth = { authorization: `Bearer ${token}` };
  const messages = [{ id: 'q1', dateTime: Date.now(), inversion: true, text: '猫一天睡多久？' }, answer];
  const put = await request.put('/api/chat/conversations/1002', {
    headers: auth,
    data: { title: '猫', systemPrompt: null, description: null, templateId: null, messages, changedAt: Date.now() },
  });
  expect((await put.json()).data.applied).toBe(true);

  await useToken(page, token);
  await page.goto('/chat');
  await waitForHydration(page);
  const reply = page.locator('[data-role="assistant"]').last();
  await expect(reply).toContainText('家猫平均十五小时', { timeout: 15_000 });
  // The sources are listed folded under the answer; [1] opens the first.
  const sources = reply.locator('[data-sources]');
  await expect(sources.getByText('cats.pdf')).toBeVisible();
  await expect(sources.getByText('第 3 页')).toBeVisible();
  await expect(sources.getByText('猫每天睡十二到十六个小时。')).toBeHidden();
  await reply.getByRole('link', { name: '[1]' }).click();
  await expect(sources.getByText('猫每天睡十二到十六个小时。')).toBeVisible();
  await reply.getByRole('link', { name: '[2]' }).click();
  await expect(sources.getByRole('link', { name: /打开网页/ })).toHaveAttribute(
    'href',
    'https://example.org/cats/sleep',
  );
  // The tool step is folded above the answer.
  await expect(reply.getByRole('button', { name: '已调用 knowledge_search' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  const made = await request.post('/api/chat/shares', {
    headers: auth,
    data: { conversationUuid: 1002, title: '猫', messages },
  });
  const { id } = (await made.json()).data as { id: string };
  const noJs = await browser.newContext({ javaScriptEnabled: false, locale: 'zh-CN' });
  const reader = await noJs.newPage();
  await reader.goto(`/share/${id}`);
  const listed = reader.getByRole('region', { name: '参考资料' });
  await expect(listed).toContainText('猫每天睡十二到十六个小时。');
  await expect(listed.getByRole('link', { name: '家猫的睡眠' })).toHaveAttribute(
    'href',
    'https://example.org/cats/sleep',
  );
  await reader.getByRole('link', { name: '[1]' }).click();
  await expect(reader).toHaveURL(/#cite-a1-1$/);
  // The tool step is there too, folded as in the chat (a <details>: no script needed to open it).
  const steps = reader.getByRole('list', { name: '使用的工具' });
  const summary = steps.getByText('已调用 knowledge_search');
  await expect(summary).toBeVisible();
  await expect(steps.locator('[data-tool-input]')).toBeHidden();
  await summary.click();
  await expect(steps.locator('[data-tool-input]')).toHaveText('{"query":"猫 睡眠"}');
  await expect(steps.locator('[data-tool-output]')).toHaveText('<source n="1">…');
  await noJs.close();
});
