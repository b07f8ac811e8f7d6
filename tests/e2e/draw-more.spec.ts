import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { cards, drawViaApi, openDraw, progressBar, promptBox } from './draw-helpers';
import { waitForHydration } from './helpers';
import { bearer, logIn, newAccount } from './shop-helpers';

test.describe('image chat, gallery and the advanced page', () => {
  test('/midjourney: a prompt becomes a reply with live progress, then the picture; kept apart from the chat', async ({
    page,
    request,
  }) => {
    // A drawing, a reload, /draw and back: 12 s alone, near the default 30 s beside two other workers.
    test.slow();
    const token = await newAccount(request, 'mj');
    await logIn(page, token);
    await page.goto('/midjourney');
    await waitForHydration(page);
    await page.getByRole('textbox', { name: '提示词' }).fill('月光下的古镇');
    await page.getByRole('textbox', { name: '提示词' }).press('Enter');
    const messages = page.locator('[data-mj-messages]');
    await expect(messages.getByText('月光下的古镇', { exact: true })).toBeVisible();
    await expect(messages.locator('[data-mj-progress]')).toBeVisible();
    await expect(messages.locator('[data-mj-image] img')).toHaveAttribute('src', /-thumb\.webp$/, { timeout: 20_000 });
    await expect(
      page.getByRole('list', { name: '图像对话列表' }).getByRole('button', { name: '月光下的古镇', exact: true }),
    ).toBeVisible();
    // The reply's picture actions, like chat's: drawn public by default, made private, then public again.
    await messages.getByRole('button', { name: '设为私密' }).click();
    await expect(messages.getByRole('button', { name: '设为公开（展示到绘画广场）' })).toBeVisible();
    await messages.getByRole('button', { name: '设为公开（展示到绘画广场）' }).click();
    await expect(messages.getByRole('button', { name: '设为私密' })).toBeVisible();
    // The download is the labelled file, saved under the server's name that says it is AI-generated.
    const saved = page.waitForEvent('download');
    await messages.getByRole('button', { name: '下载' }).click();
    expect((await saved).suggestedFilename()).toMatch(/^miaobi-.+ \(AI生成\)\.webp$/);

    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('[data-mj-image]')).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('chatStorage') ?? '{}'));
    expect(stored.mjHistory[0].title).toBe('月光下的古镇');
    expect(stored.mjChat[0].data).toHaveLength(2);
    expect(stored.mjChat[0].data[1].drawing.status).toBe(10);
    expect(stored.chat[0].data).toHaveLength(0);

    // The picture is one of my works too.
    await openDraw(page);
    await expect(cards(page).first()).toContainText('月光下的古镇');

    await page.goto('/midjourney');
    await waitForHydration(page);
    await page.getByRole('button', { name: '新建图像对话' }).click();
    await expect(page.locator('[data-mj-messages]')).toContainText('每条消息都会生成一张图片');
    // Like chat's history, an inactive entry shows its actions on hover.
    await page.getByRole('button', { name: '月光下的古镇', exact: true }).hover();
    await page.getByRole('button', { name: '删除“月光下的古镇”' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(page.getByRole('button', { name: '月光下的古镇', exact: true })).toHaveCount(0);
  });

  test('/gallery: public pictures for visitors with the viewer; my works after login', async ({ page, request }) => {
    const token = await newAccount(request, 'gallery');
    const mine = await drawViaApi(request, token, { prompt: '画廊测试 海上日出', drawRate: '16:9' });
    await page.goto('/gallery');
    await waitForHydration(page);
    const card = page.locator(`[data-picture-grid] [data-picture="${mine.id}"]`);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: /查看大图/ }).click();
    await expect(page.getByRole('dialog', { name: '查看图片' })).toContainText('画廊测试 海上日出');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: '我的作品' }).click();
    await expect(page.getByText('登录后查看我的作品')).toBeVisible();

    await logIn(page, token);
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('tab', { name: '我的作品' }).click();
    await expect(page.locator('[data-picture-grid] [data-picture]')).toHaveCount(1);
  });

  test('/sd: negative prompt, seed and a reference image go with the drawing', async ({ page, request }) => {
    const token = await newAccount(request, 'sd');
    await logIn(page, token);
    await openDraw(page, '/sd');
    await promptBox(page).fill('参考图测试 山间小屋');
    await page.getByRole('textbox', { name: '反向提示词' }).fill('文字，水印');
    await page.getByRole('textbox', { name: '随机种子' }).fill('12345');
    const png = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    await page.getByLabel('添加参考图').setInputFiles({ name: 'ref.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('button', { name: '移除第 1 张参考图' })).toBeVisible();
    await page.getByRole('button', { name: '生成图片' }).click();
    await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '100', { timeout: 20_000 });
    const list = await (
      await request.post('/api/sd/list/user/picture', { data: { pageNum: 1, pageSize: 30 }, headers: bearer(token) })
    ).json();
    expect(list.data.records[0]).toMatchObject({
      prompt: '参考图测试 山间小屋',
      negativePrompt: '文字，水印',
      seed: 12345,
      source: 'sd',
    });
  });
});
