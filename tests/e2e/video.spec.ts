import { expect, test } from '@playwright/test';
import { axeFindings } from './crawl-helpers';
import { waitForHydration } from './helpers';
import { logIn, newAccount } from './shop-helpers';

const MOBILE = { width: 390, height: 844 };

test.describe('video', () => {
  // A clip is rendered by the offline engine (1 s at 144p on the test server).
  test.beforeEach(() => test.slow());

  test('makes a video on /video, plays it labelled, publishes it, and the square lists it under videos', async ({
    page,
    request,
    browser,
  }) => {
    const token = await newAccount(request, 'video');
    await logIn(page, token);
    await page.goto('/video');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'AI 视频' })).toBeVisible();
    expect(await axeFindings(page, '/video desktop')).toEqual([]);
    await expect(page.getByTestId('video-quota')).toContainText('今日免费 1/1');

    await page.getByLabel('画面描述').fill('e2e 雪夜里的小镇，灯笼缓缓升起');
    await page.getByText('1:1', { exact: true }).click();
    await page.getByRole('button', { name: '生成视频' }).click();
    const card = page.getByTestId('video-card').first();
    await expect(card).toContainText('e2e 雪夜里的小镇');
    await expect(card.getByText('AI生成')).toBeVisible();
    const player = card.locator('video');
    await expect(player).toBeVisible({ timeout: 60_000 });
    await expect(card).toHaveAttribute('data-status', '10');
    await expect(page.getByTestId('video-quota')).toContainText('今日免费 0/1');
    // The file plays in the browser: its metadata loads and it lasts the clip's second.
    const duration = await player.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve, reject) => {
          v.preload = 'metadata';
          v.addEventListener('loadedmetadata', () => resolve(v.duration), { once: true });
          v.addEventListener('error', () => reject(new Error(`media error ${v.error?.code}`)), { once: true });
          v.load();
        }),
    );
    expect(duration).toBeGreaterThan(0.5);
    await expect(card.getByRole('link', { name: '下载' })).toHaveAttribute('download', / \(AI生成\)\.mp4$/);
    expect(await axeFindings(page, '/video with a video')).toEqual([]);

    await card.getByRole('button', { name: '发布到广场' }).click();
    await expect(card.getByRole('button', { name: '取消发布' })).toBeVisible();

    await page.goto('/square');
    const kinds = page.getByRole('navigation', { name: '作品类型' });
    await expect(kinds.getByRole('link', { name: '图片' })).toHaveAttribute('aria-current', 'page');
    await kinds.getByRole('link', { name: '视频' }).click();
    await expect(page).toHaveURL(/\/square\?kind=videos$/);
    await expect(kinds.getByRole('link', { name: '视频' })).toHaveAttribute('aria-current', 'page');
    const item = page.locator('[data-square-item]').filter({ hasText: 'e2e 雪夜里的小镇' });
    await expect(item.getByText('AI生成')).toBeVisible();
    expect(await axeFindings(page, '/square?kind=videos')).toEqual([]);
    // Others may report it: from its square card, and from /video?id= (here as a visitor, who sees no owner's actions).
    const videoId = await item.getAttribute('data-video-id');
    await item.getByRole('button', { name: /^举报：e2e 雪夜里的小镇/ }).click();
    const dialog = page.getByRole('dialog', { name: '举报内容' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: '侵犯权益' }).check();
    await dialog.getByRole('button', { name: '提交举报' }).click();
    await expect(dialog).toBeHidden();
    const visitor = await browser.newPage();
    await visitor.goto(`/video?id=${videoId}`);
    await waitForHydration(visitor);
    const shown = visitor.getByRole('region', { name: '分享的视频' });
    await expect(shown.getByTestId('video-card')).toContainText('e2e 雪夜里的小镇');
    await expect(shown.getByRole('button', { name: /^举报：/ })).toBeVisible();
    await expect(shown.getByRole('button', { name: '取消发布' })).toHaveCount(0);
    expect(await axeFindings(visitor, '/video?id= as a visitor')).toEqual([]);
    await visitor.close();
    await kinds.getByRole('link', { name: '歌曲' }).click();
    await expect(page).toHaveURL(/\/square\?kind=songs$/);
    await expect(page.locator('[data-square-item]').filter({ hasText: 'e2e 雪夜里的小镇' })).toHaveCount(0);
    await page.goBack();

    // 'Make the same' opens /video with the prompt filled in.
    await item.getByRole('link', { name: '做同款' }).click();
    await expect(page).toHaveURL(/\/video\?prompt=/);
    await waitForHydration(page);
    await expect(page.getByLabel('画面描述')).toHaveValue('e2e 雪夜里的小镇，灯笼缓缓升起');
  });

  test('on a phone /video is reachable from the menu and passes axe', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/video');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'AI 视频' })).toBeVisible();
    await expect(page.getByRole('button', { name: '登录' }).last()).toBeVisible();
    expect(await axeFindings(page, '/video mobile')).toEqual([]);
  });
});
