import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { generateSecret } from 'otplib';
import { expectAxeClean, openConsoleIn, seedTotpAdmin, startSeededServer, totpCodes } from './console-server';

// Its own server (the admin role and authenticator are set before it starts) and its own port.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1067;
const KEY = 'sk-e2e-channel-secret-7Q9Z';
let server: Awaited<ReturnType<typeof startSeededServer<string>>> | undefined;
let upstream: Server | undefined;
let UPSTREAM = '';
let token = '';
const secret = generateSecret();
// One sequence for the file: a code is accepted once.
const next = totpCodes(secret);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  testInfo.setTimeout(240_000);
  // A local OpenAI-compatible upstream for the test button: /v1/models and a one-token completion.
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== `Bearer ${KEY}`) return json(401, { error: { message: 'bad key' } });
      if (req.url === '/v1/models') return json(200, { object: 'list', data: [{ id: 'gpt-e2e' }] });
      if (req.url === '/v1/chat/completions') return json(200, { choices: [{ message: { content: 'p' } }] });
      return json(404, {});
    });
  });
  await new Promise<void>((resolve) => upstream?.listen(0, '127.0.0.1', resolve));
  UPSTREAM = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  server = await startSeededServer(PORT, (db) => seedTotpAdmin(db, 'owner@channels.test', secret));
  token = server.seeded;
});

test.afterAll(() => {
  server?.stop();
  upstream?.close();
});

test('an admin adds a chat channel with a key, sees only its last four characters, and tests it', async ({
  page,
  context,
}) => {
  test.slow();
  const base = server?.base ?? '';
  await openConsoleIn(context, base, token);

  await page.goto(`${base}/admin/channels`);
  // No wait for hydration: the gate's input stays disabled until then (src/components/Form.tsx).
  await page.getByLabel('验证码').fill(await next());
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page.getByRole('heading', { name: '模型渠道', level: 1 })).toBeVisible();
  await expect(page.getByText('没有对话渠道')).toBeVisible();
  await expectAxeClean(page);

  await page.getByRole('button', { name: '新建渠道' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('名称', { exact: true }).fill('E2E 对话');
  await dialog.getByLabel('基础地址').fill(`${UPSTREAM}/v1/`);
  await dialog.getByRole('button', { name: '添加模型' }).click();
  await dialog.getByLabel('模型 ID（发给上游）').fill('gpt-e2e');
  await dialog.getByLabel('名称（简体中文）').fill('测试模型');
  await dialog.getByLabel('输入，元 / 千 token').fill('0.0025');
  await expectAxeClean(page);
  await dialog.getByRole('button', { name: '保存渠道' }).click();
  await expect(page.getByRole('status').filter({ hasText: '渠道已保存' })).toBeVisible();

  const card = page.locator('li[data-channel-id]').filter({ hasText: 'E2E 对话' });
  await expect(card).toContainText(`${UPSTREAM}/v1`);
  await expect(card).toContainText('测试模型 (gpt-e2e)');
  const keyInput = card.getByLabel('新密钥');
  await expect(keyInput).toHaveAttribute('type', 'password');
  await keyInput.fill(KEY);
  await card.getByLabel('验证码').fill(await next());
  await card.getByRole('button', { name: '添加密钥' }).click();
  await expect(page.getByRole('status').filter({ hasText: '密钥已添加' })).toBeVisible();
  await expect(card.getByText('…7Q9Z')).toBeVisible();
  await expect(keyInput).toHaveValue('');
  expect(await page.content()).not.toContain('sk-e2e-channel');

  await card.getByRole('button', { name: '测试' }).click();
  await expect(card.getByTestId('test-result')).toContainText('可用');
  await expectAxeClean(page);

  // After a reload the key is still only its last four characters.
  await page.reload();
  await expect(page.getByText('…7Q9Z')).toBeVisible();
  expect(await page.content()).not.toContain('sk-e2e-channel');
});

test('an admin adds a voice channel: the first model transcribes, the second reads aloud in the voices named on it', async ({
  page,
  context,
}) => {
  test.slow();
  const base = server?.base ?? '';
  await openConsoleIn(context, base, token);
  await page.goto(`${base}/admin/channels`);
  await page.getByLabel('验证码').fill(await next());
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page.getByText('没有语音渠道')).toBeVisible();

  await page.getByRole('button', { name: '新建渠道' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('用途').selectOption({ label: '语音' });
  await expect(dialog.getByLabel('接口类型（上游的协议）')).toHaveValue('openai-speech');
  await dialog.getByLabel('名称', { exact: true }).fill('E2E 语音');
  await dialog.getByLabel('基础地址').fill(`${UPSTREAM}/v1`);
  await dialog.getByRole('button', { name: '添加模型' }).click();
  await dialog.getByRole('button', { name: '添加模型' }).click();
  await expect(dialog.getByText('语音识别模型')).toBeVisible();
  await expect(dialog.getByText('朗读模型')).toBeVisible();
  // Voices only on the read-aloud model; voice is not priced and open to every level.
  await expect(dialog.getByLabel('中文回答的音色')).toHaveCount(1);
  await expect(dialog.getByText('谁可以使用')).toHaveCount(0);
  await dialog.getByLabel('模型 ID（发给上游）').nth(0).fill('whisper-1');
  await dialog.getByLabel('模型 ID（发给上游）').nth(1).fill('tts-1');
  await dialog.getByLabel('中文回答的音色').fill('alloy');
  await expectAxeClean(page);
  await dialog.getByRole('button', { name: '保存渠道' }).click();
  await expect(page.getByRole('status').filter({ hasText: '渠道已保存' })).toBeVisible();

  const card = page.locator('li[data-channel-id]').filter({ hasText: 'E2E 语音' });
  await expect(card).toContainText('OpenAI 兼容语音');
  await expect(card).toContainText('(whisper-1) · ');
  await expect(card).toContainText('(tts-1)');
  await card.getByRole('button', { name: '编辑' }).click();
  await expect(page.getByRole('dialog').getByLabel('中文回答的音色')).toHaveValue('alloy');
});
