import { expect, test } from '@playwright/test';
import { generateSecret } from 'otplib';
import { createSession } from '../../src/server/db/queries/sessions';
import { referralWithdrawals, users } from '../../src/server/db/schema';
import { transaction } from '../../src/server/db/transaction';
import { attachInviter, inviteCodeOf } from '../../src/server/services/referral/invites';
import { lockBalance, post } from '../../src/server/services/referral/ledger';
import { useToken } from './account-helpers';
import { expectAxeClean, seedTotpAdmin, startSeededServer, totpCodes } from './console-server';

// The console's referral page: overview, an invite with its signals, a withdrawal paid (docs/console.md#referral).
// A port of the range kept for this worktree's extra servers (E2E_PORT 4430 → 44303).
const PORT = Number(process.env.E2E_PORT ?? 4399) * 10 + 3;
const secret = generateSecret();
const code = totpCodes(secret);
let server: Awaited<ReturnType<typeof startSeededServer<{ admin: string; earner: string }>>>;

test.beforeAll(async ({ browserName: _ }, testInfo) => {
  testInfo.setTimeout(240_000);
  server = await startSeededServer(PORT, async (db) => {
    const admin = await seedTotpAdmin(db, 'boss@referral.test', secret);
    const [earner, friend] = await db
      .insert(users)
      .values([{ email: 'earner@referral.test' }, { email: 'friend@referral.test' }])
      .returning();
    if (!earner || !friend) throw new Error('no users');
    await attachInviter(db, friend.id, await inviteCodeOf(db, earner.id), { ip: '10.8.0.1', userAgent: 'phone' });
    // 12 yuan released to the earner, 10 of them asked as a withdrawal: balanced movements, as the services make them.
    await transaction(db, async (tx) => {
      await lockBalance(tx, earner.id);
      await post(tx, 'release', [
        { account: 'commission', amount: -1200 },
        { userId: earner.id, account: 'available', amount: 1200 },
      ]);
      const [w] = await tx
        .insert(referralWithdrawals)
        .values({ userId: earner.id, amount: 1000, method: 'alipay', account: 'earner@alipay.test', realName: '赵六' })
        .returning();
      await post(
        tx,
        'withdraw',
        [
          { userId: earner.id, account: 'available', amount: -1000 },
          { userId: earner.id, account: 'withdrawing', amount: 1000 },
        ],
        { withdrawalId: w?.id },
      );
    });
    return { admin, earner: await createSession(db, { userId: earner.id }) };
  });
});
test.afterAll(() => server?.stop());

test('an admin sees the overview and the invite, pays the withdrawal; the earner sees it paid', async ({
  page,
  browser,
}) => {
  test.slow();
  await useToken(page, server.seeded.admin);
  const opened = await page.request.post(`${server.base}/api/admin/session`, {
    headers: { authorization: `Bearer ${server.seeded.admin}` },
  });
  expect(opened.status()).toBe(200);
  await page.goto(`${server.base}/admin/referral`);
  await page.getByLabel('验证码').fill(await code());
  await page.getByRole('button', { name: '验证', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '邀请与佣金' })).toBeVisible();
  await expect(page.getByTestId('referral-withdrawing')).toHaveText('¥10.00');
  await expect(page.getByTestId('referral-invites').getByRole('cell', { name: 'friend@referral.test' })).toBeVisible();
  await expect(page.getByTestId('referral-invites').getByRole('cell', { name: '10.8.0.1 (1)' })).toBeVisible();
  await expectAxeClean(page);

  await page.getByRole('button', { name: '标记已打款' }).click();
  await page.getByLabel('原因（必填）').fill('Alipay transfer 2026112900001');
  await page.getByLabel('验证码（再次验证）').fill(await code());
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('暂无提现申请。')).toBeVisible();
  await expect(page.getByTestId('referral-paid')).toHaveText('¥10.00');

  const earner = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await useToken(earner, server.seeded.earner);
  await earner.goto(`${server.base}/invite`);
  await expect(earner.getByTestId('withdrawals').getByRole('cell', { name: '已打款' })).toBeVisible();
  await expect(earner.getByTestId('balance.available')).toHaveText('¥2.00');
});
