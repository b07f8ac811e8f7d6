import { type BrowserContext, expect, test } from '@playwright/test';
import { runAdminCommand } from '../../src/server/cli/admin';
import { createSession } from '../../src/server/db/queries/sessions';
import { adminTotp, SongStatus, songs, users } from '../../src/server/db/schema';
import { expectAxeClean, startSeededServer, totpCodes } from './console-server';

// The console's unlabelled downloads (docs/compliance.md): an operator allows one for a user's song,
// sees the one-time link once and the log line, on desktop and phone, with no axe violations.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1131;
const BASE = `http://127.0.0.1:${PORT}`;
let server: Awaited<ReturnType<typeof startSeededServer>> | undefined;

/**
 * An operator per test: each signs in and confirms the download with a code, and an authenticator's codes
 * are good once each, at most three within a 30-s step (console-server.ts, totpCodes), so the second test's
 * two codes would otherwise wait up to half a minute for the clock's next step.
 */
const DESKS = [
  { email: 'desk@unlabelled.test', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', token: '' },
  { email: 'desk-phone@unlabelled.test', secret: 'KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TF', token: '' },
].map((desk) => ({ ...desk, nextCode: totpCodes(desk.secret) }));
type Desk = (typeof DESKS)[number];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  testInfo.setTimeout(240_000);
  server = await startSeededServer(PORT, async (db) => {
    const [owner] = await db.insert(users).values({ email: 'singer@unlabelled.test' }).returning();
    if (!owner) throw new Error('no user');
    for (const desk of DESKS) {
      const [operator] = await db.insert(users).values({ email: desk.email }).returning();
      if (!operator) throw new Error('no user');
      await runAdminCommand(db, ['grant', desk.email, 'operator']);
      await db.insert(adminTotp).values({ userId: operator.id, secret: desk.secret, confirmedAt: new Date() });
      desk.token = await createSession(db, { userId: operator.id });
    }
    for (const taskId of ['song_e2edesktop', 'song_e2ephone'])
      await db.insert(songs).values({
        taskId,
        userId: owner.id,
        mode: 'inspiration',
        title: '夏夜',
        provider: 'offline',
        charge: 'free',
        status: SongStatus.DONE,
        audioUrl: `/files/songs/${owner.id}/abcdef.mp3`,
        deadline: new Date(),
      });
  });
});

test.afterAll(() => server?.stop());

async function signInConsole(context: BrowserContext, desk: Desk) {
  const session = await context.request.post(`${BASE}/api/admin/session`, {
    headers: { authorization: `Bearer ${desk.token}` },
  });
  expect(session.status()).toBe(200);
  const verified = await context.request.post(`${BASE}/api/admin/totp/verify`, {
    data: { code: await desk.nextCode() },
  });
  expect(verified.status()).toBe(200);
}

for (const [name, viewport, song, desk] of [
  ['desktop', { width: 1280, height: 800 }, 'song_e2edesktop', DESKS[0]],
  ['phone', { width: 390, height: 844 }, 'song_e2ephone', DESKS[1]],
] as const) {
  test(`an operator allows one unlabelled download and sees it logged (${name})`, async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({ locale: 'zh-CN', viewport });
    if (!desk) throw new Error('no operator');
    await signInConsole(context, desk);
    const page = await context.newPage();
    await page.goto(`${BASE}/admin/unlabelled`);
    await expect(page.getByRole('heading', { level: 1, name: '无标识下载' })).toBeVisible();
    const form = page.getByRole('region', { name: '允许一次无标识下载' });
    await form.getByLabel('作品类型').selectOption({ label: '歌曲' });
    await form.getByLabel('作品 ID（任务 ID）').fill(song);
    await form.getByLabel('申请原因').fill('用户申请用于线下演出');
    // A wrong code is refused with the console's message, and nothing is logged.
    await form.getByLabel('验证码（再次验证）').fill('000000');
    await form.getByRole('button', { name: '生成一次性链接' }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    await expect(page.getByTestId('unlabelled-log').getByText(song)).toHaveCount(0);
    await form.getByLabel('验证码（再次验证）').fill(await desk.nextCode());
    await form.getByRole('button', { name: '生成一次性链接' }).click();
    await expect(form.getByTestId('unlabelled-link')).toContainText(`${BASE}/api/unlabelled/`);
    const log = page.getByTestId('unlabelled-log');
    const entry = log.getByRole('listitem').filter({ hasText: song });
    await expect(entry).toContainText('singer@unlabelled.test');
    await expect(entry).toContainText(desk.email);
    await expect(entry).toContainText('用户申请用于线下演出');
    await expect(entry).toContainText('未使用');
    await expectAxeClean(page);
    await context.close();
  });
}
