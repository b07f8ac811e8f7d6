import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { generateSecret } from 'otplib';
import { expectAxeClean, openConsoleIn, seedTotpAdmin, startSeededServer, totpCodes } from './console-server';

// Its own server (the admin role and authenticator are set before it starts), on a port of this
// run's own range (E2E_PORT × 10 + 1).
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1098;
const KEY = 'sk-e2e-bocha-secret-WXYZ';
let server: Awaited<ReturnType<typeof startSeededServer<string>>> | undefined;
let upstream: Server | undefined;
let UPSTREAM = '';
let token = '';
const secret = generateSecret();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  testInfo.setTimeout(240_000);
  // A local Bocha: POST /v1/web-search behind the key, its documented reply.
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== `Bearer ${KEY}`) return json(401, { code: 401, message: 'Invalid API KEY' });
      if (req.url !== '/v1/web-search') return json(404, {});
      const value = [
        { name: '妙笔', url: 'https://miaobi.example/', snippet: '妙笔', summary: '妙笔', siteName: '妙笔' },
      ];
      return json(200, { code: 200, msg: null, data: { _type: 'SearchResponse', webPages: { value } } });
    });
  });
  await new Promise<void>((resolve) => upstream?.listen(0, '127.0.0.1', resolve));
  UPSTREAM = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  server = await startSeededServer(PORT, (db) => seedTotpAdmin(db, 'owner@web-search.test', secret));
  token = server.seeded;
});

test.afterAll(() => {
  server?.stop();
  upstream?.close();
});

test('an admin turns web search on with a key, sees only its last four characters, tests it and sees its use', async ({
  page,
  context,
}) => {
  test.slow();
  const base = server?.base ?? '';
  const next = totpCodes(secret);
  await openConsoleIn(context, base, token);

  await page.goto(`${base}/admin/web-search`);
  await page.getByLabel('验证码').fill(await next());
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page.getByRole('heading', { name: '联网搜索', level: 1 })).toBeVisible();
  await expect(page.getByTestId('web-search-state')).toContainText('联网搜索未开启');
  await expect(page.getByTestId('web-search-state')).toContainText('WEB_SEARCH_PROVIDER');
  await expectAxeClean(page);

  await page.getByLabel('搜索服务', { exact: true }).selectOption('bocha');
  await page.getByLabel('服务地址').fill(UPSTREAM);
  const keyInput = page.getByLabel('API 密钥');
  await expect(keyInput).toHaveAttribute('type', 'password');
  await keyInput.fill(KEY);
  await page.getByLabel('两步验证码（填写新密钥时需要）').fill(await next());
  await page.getByLabel('每次搜索成本（微元，1 元 = 1 000 000）').fill('36000');
  await expectAxeClean(page);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();
  await expect(page.getByTestId('web-search-state')).toContainText('联网搜索已开启：博查 Bocha');
  await expect(page.getByText('…WXYZ')).toBeVisible();
  await expect(keyInput).toHaveValue('');
  expect(await page.content()).not.toContain('sk-e2e-bocha');

  await page.getByRole('button', { name: '测试搜索' }).click();
  await expect(page.getByTestId('probe-result')).toContainText('搜索服务正常：返回 1 条结果');
  await expect(page.getByTestId('web-search-days')).toContainText('0.04');
  await expectAxeClean(page);

  await page.reload();
  await expect(page.getByText('…WXYZ')).toBeVisible();
  expect(await page.content()).not.toContain('sk-e2e-bocha');
});
