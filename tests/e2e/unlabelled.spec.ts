import { type BrowserContext, expect, test } from '@playwright/test';
import { runAdminCommand } from '../../src/server/cli/admin';
import { createSession } from '../../src/server/db/queries/sessions';
import { adminTotp, SongStatus, songs, users } from '../../src/server/db/schema';
import { expectAxeClean, startSeededServer, totpCodes } from './console-server';

// The console's unlabelled downloads (docs/compliance.md): an operator allows one for a user's song,
// sees the one-time link once and the log line, on desktop and phone, with no axe violations.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1131;
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
let server: Awaited<ReturnType<typeof startSeededServer>> | undefined;
let operatorToken = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  testInfo.setTimeout(240_000);
  server = await startSeededServer(PORT, async (db) => {
    const [operator] = await db.insert(users).values({ email: 'desk@unlabelled.test' }).returning();
    const [owner] = await db.insert(users).values({ email: 'singer@unlabelled.test' }).returning();
    if (!operator || !owner) throw new Error('no user');
    await runAdminCommand(db, ['grant', 'desk@unlabelled.test', 'operator']);
    await db.insert(adminTotp).values({ userId: operator.id, secret: SECRET, confirmedAt: new Date() });
    operatorToken = await createSession(db, { userId: operator.id });
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

const nextCode = totpCodes(SECRET);

async function signInConsole(context: BrowserContext) {
  const session = await context.request.post(`${BASE}/api/admin/session`, {
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  expect(session.status()).toBe(200);
  const verified = await context.request.post(`${BASE}/api/admin/totp/verify`, { data: { code: await nextCode() } });
  expect(verified.status()).toBe(200);
}

for (const [name, viewport, song] of [
  ['desktop', { width: 1280, height: 800 }, 'song_e2edesktop'],
  ['phone', { width: 390, height: 844 }, 'song_e2ephone'],
] as const) {
  test(`an operator allows one unlabelled download and sees it logged (${name})`, async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({ locale: 'zh-CN', viewport });
    await signInConsole(context);
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
    await form.getByLabel('验证码（再次验证）').fill(await nextCode());
    await form.getByRole('button', { name: '生成一次性链接' }).click();
    await expect(form.getByTestId('unlabelled-link')).toContainText(`${BASE}/api/unlabelled/`);
    const log = page.getByTestId('unlabelled-log');
    const entry = log.getByRole('listitem').filter({ hasText: song });
    await expect(entry).toContainText('singer@unlabelled.test');
    await expect(entry).toContainText('desk@unlabelled.test');
    await expect(entry).toContainText('用户申请用于线下演出');
    await expect(entry).toContainText('未使用');
    await expectAxeClean(page);
    await context.close();
  });
}
