import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { generateSecret } from 'otplib';
import { runAdminCommand } from '../../src/server/cli/admin';
import { openDatabase } from '../../src/server/db/client';
import { createSession } from '../../src/server/db/queries/sessions';
import { adminTotp, users } from '../../src/server/db/schema';
import { totpCodes } from './console-server';
import { newDataDir } from './data-dirs';
import { startOwnServer } from './own-server';

// An admin with an enrolled authenticator must exist before the server starts (PGlite allows one
// process), so this file runs its own server, on a port of its own beside admin-console.spec.ts's.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1040;
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = generateSecret();
let proc: ChildProcess;
let dataDir: string;
let consoleCookie = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  // A new PGlite directory (initdb and every migration) takes tens of seconds on a busy machine.
  testInfo.setTimeout(300_000);
  dataDir = newDataDir('miaobi-products-');
  const database = await openDatabase({ dataDir });
  const [admin] = await database.db.insert(users).values({ email: 'shop-boss@console.test' }).returning();
  if (!admin) throw new Error('no admin');
  await runAdminCommand(database.db, ['grant', 'shop-boss@console.test', 'admin']);
  await database.db.insert(adminTotp).values({ userId: admin.id, secret: SECRET, confirmedAt: new Date() });
  const adminToken = await createSession(database.db, { userId: admin.id });
  await database.close();
  proc = await startOwnServer(PORT, dataDir);
  // One console session for the file, opened as the profile button does and verified as the gate does:
  // each later code must be of a later time step, so the tests share it.
  const opened = await fetch(`${BASE}/api/admin/session`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
  });
  consoleCookie = /mb_console=([^;]+)/.exec(opened.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const verified = await fetch(`${BASE}/api/admin/totp/verify`, {
    method: 'POST',
    headers: { cookie: `mb_console=${consoleCookie}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code: await code() }),
  });
  expect(verified.status).toBe(200);
});

test.afterAll(() => {
  if (proc && proc.exitCode === null) proc.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Each verification takes a code of a later time step than the last (a step is accepted once). */
const code = totpCodes(SECRET);

/** Puts the console session opened and verified in beforeAll into the page's cookie jar. */
async function enterConsole(page: Page) {
  await page.context().addCookies([{ name: 'mb_console', value: consoleCookie, url: BASE, sameSite: 'Strict' }]);
}

const hanOutsideAiLabel = (text: string) => text.replaceAll('AI生成', '').match(/\p{Script=Han}+/gu) ?? [];

/**
 * Every text of the page, hidden ones included, except text marked as another language
 * (the language menu names each language in itself: <option lang="zh-CN">简体中文</option>).
 */
const pageText = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, template')) continue;
      if (parent.closest('[lang]')?.getAttribute('lang') !== document.documentElement.lang) continue;
      texts.push(node.textContent ?? '');
    }
    return texts.join('\n');
  });

test('an admin changes a product’s price and name, and /product shows it in each language', async ({ page }) => {
  test.slow();
  await enterConsole(page);
  await page.goto(`${BASE}/admin/products`);
  await expect(page.getByRole('heading', { level: 1, name: '商品' })).toBeVisible();

  await page.getByRole('group', { name: '月度会员 的操作', exact: true }).getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑商品' });
  await dialog.getByRole('group', { name: '简体中文' }).getByLabel('名称').fill('月度会员·限时');
  await dialog.getByRole('group', { name: '英文' }).getByLabel('名称').fill('Monthly membership, limited offer');
  await dialog.getByLabel('实付价（元，0 为免费）').fill('19.9');
  // A wrong code is refused with the server's message; the product stays as it was.
  await dialog.getByLabel('验证码（价格变更需重新验证）').fill('000000');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('此操作需要重新输入验证码');
  await dialog.getByLabel('验证码（价格变更需重新验证）').fill(await code());
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();
  const row = page.locator('li[data-code="VIP_MONTH"]');
  await expect(row.getByTestId('price')).toHaveText('¥19.90');

  // /product serves the change at once (the console dropped the cached list).
  await page.goto(`${BASE}/product`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '月度会员·限时' }) });
  await expect(card).toContainText('19.90');

  await page.context().addCookies([{ name: 'lang', value: 'en-US', url: BASE }]);
  await page.goto(`${BASE}/product`);
  await expect(page.getByRole('heading', { name: 'Monthly membership, limited offer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Quarterly membership' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
  expect(hanOutsideAiLabel(await pageText(page))).toEqual([]);

  await page.context().addCookies([{ name: 'lang', value: 'zh-TW', url: BASE }]);
  await page.goto(`${BASE}/product`);
  await expect(page.getByRole('heading', { name: '季度會員' })).toBeVisible();
});

test('an admin disables and reorders products on a phone', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await enterConsole(page);
  await page.goto(`${BASE}/admin/products`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const music = page.getByRole('group', { name: '作曲包 50 首 的操作', exact: true });
  await music.getByRole('button', { name: '下架' }).click();
  await expect(page.locator('li[data-code="MUSIC_50"]')).toContainText('已下架');
  const codes = () => page.locator('li[data-code]').evaluateAll((els) => els.map((e) => e.getAttribute('data-code')));
  const before = await codes();
  await page.getByRole('group', { name: '季度会员 的操作', exact: true }).getByRole('button', { name: '上移' }).click();
  const at = before.indexOf('VIP_QUARTER');
  await expect
    .poll(codes)
    .toEqual([...before.slice(0, at - 1), 'VIP_QUARTER', before[at - 1], ...before.slice(at + 1)]);

  await page.goto(`${BASE}/product`);
  await expect(page.getByRole('heading', { name: '作曲包 50 首' })).toHaveCount(0);
  const names = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(names.indexOf('季度会员')).toBeLessThan(names.indexOf('月度会员·限时'));
});
