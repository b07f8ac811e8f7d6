import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { createSession } from '../../src/server/db/queries/sessions';
import { users } from '../../src/server/db/schema';
import { useToken } from './account-helpers';
import { startSeededServer } from './console-server';
import { waitForHydration } from './helpers';

// An app carrying its author's knowledge base (docs/knowledge.md#an-apps-base): the author picks
// the base in the app's editor and publishes; a visitor opens the app from the store, asks, and
// the demo answer quotes the base's passage and cites its file. On a server of its own: the app it
// publishes would otherwise show in other tests' stores (content-locales.spec reads every card).
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1102;
let server: Awaited<ReturnType<typeof startSeededServer>> | undefined;
let BASE = '';
let token = '';

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  // A new PGlite directory (initdb and every migration) takes tens of seconds on a busy machine.
  testInfo.setTimeout(240_000);
  server = await startSeededServer(PORT, async (db) => {
    const [user] = await db.insert(users).values({ email: 'author@app-knowledge.test' }).returning();
    if (!user) throw new Error('no user');
    token = await createSession(db, { userId: user.id });
  });
  BASE = server.base;
});

test.afterAll(() => server?.stop());

const HANDBOOK =
  '## 报销\n\n差旅费用须在出差结束后三十天内提交报销单。\n\n## 年假\n\n员工入职满一年后每年享有十天带薪年假。';

test('an author gives an app a knowledge base; a visitor asking the app gets its passage cited', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const auth = { authorization: `Bearer ${token}` };
  const base = (
    await (await request.post(`${BASE}/api/knowledge/bases`, { headers: auth, data: { name: '报销制度' } })).json()
  ).data as { id: number };
  const added = await request.post(`${BASE}/api/knowledge/bases/${base.id}/files`, {
    headers: auth,
    multipart: { file: { name: '制度.md', mimeType: 'text/markdown', buffer: Buffer.from(HANDBOOK) } },
  });
  const fileId = (await added.json()).data.id as number;
  for (let i = 0; i < 300; i++) {
    const files = (await (await request.get(`${BASE}/api/knowledge/bases/${base.id}/files`, { headers: auth })).json())
      .data.files as Array<{ id: number; status: string }>;
    if (files.find((f) => f.id === fileId)?.status === 'ready') break;
    await sleep(200);
  }

  await useToken(page, token);
  await page.goto(`${BASE}/createApplication`);
  await waitForHydration(page);
  await page.getByRole('textbox', { name: '应用名称' }).fill('报销小助手');
  await page.getByRole('textbox', { name: /提示词/ }).fill('你是公司的报销助手。');
  const pick = page.getByRole('combobox', { name: '知识库' });
  await expect(pick.getByRole('option', { name: '报销制度' })).toBeAttached();
  await pick.selectOption({ label: '报销制度' });
  await page.getByRole('checkbox', { name: /发布到应用商店/ }).check();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/myapplication$/);

  // A visitor: the store's card opens a chat with the app; the question is answered from its base.
  const visitor = await browser.newPage({ locale: 'zh-CN' });
  await visitor.goto(`${BASE}/app/store`);
  await waitForHydration(visitor);
  await visitor.getByRole('searchbox', { name: '搜索应用' }).fill('报销小助手');
  await visitor.getByRole('searchbox', { name: '搜索应用' }).press('Enter');
  await expect(visitor.locator('[data-app-card]')).toHaveCount(1);
  await visitor.locator('[data-app-card]').first().click();
  await expect(visitor).toHaveURL(/\/chat\/\d{13,}$/);
  await waitForHydration(visitor);
  const input = visitor.getByRole('textbox', { name: '输入你的问题' });
  await input.fill('差旅报销要在多少天内提交？');
  await input.press('Enter');
  const reply = visitor.locator('[data-role="assistant"]').last();
  await expect(reply).toContainText('三十天内提交报销单', { timeout: 30_000 });
  await expect(reply.locator('[data-sources]').getByText('制度.md').first()).toBeVisible();
  await visitor.close();
});
