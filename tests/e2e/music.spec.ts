import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { clearOfSiteMidnight } from './activity-helpers';
import { waitForHydration } from './helpers';
import { bearer, logIn, newAccount } from './shop-helpers';

/** Composes through the API and waits for the worker to finish the song. */
async function composedSong(request: APIRequestContext, token: string, prompt: string) {
  const res = await request.post('/api/music/submit', {
    data: { mode: 'inspiration', prompt },
    headers: bearer(token),
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(1000000);
  const id: string = body.data.id;
  await expect
    .poll(
      async () =>
        (await (await request.get(`/api/music/detail?id=${id}`, { headers: bearer(token) })).json()).data.status,
      // Every 250 ms rather than the default's climb to once a second: a song takes a few seconds.
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(10);
  return id;
}

async function playedSeconds(page: Page): Promise<number> {
  return page.locator('audio[data-music-player]').evaluate((a) => (a as HTMLAudioElement).currentTime);
}

test.describe('music composition', () => {
  // Each test composes (or waits on) a song rendered by the offline synthesizer.
  test.beforeEach(() => test.slow());
  test('composes a song in inspiration mode offline; its card appears with progress and plays', async ({
    page,
    request,
  }) => {
    const token = await newAccount(request, 'composer');
    await logIn(page, token);
    await page.goto('/music');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'AI 作曲' })).toBeVisible();
    await expect(page.getByText('剩余 1 次')).toBeVisible();
    await expect(page.getByText('本次消耗 1 次')).toBeVisible();

    await page.getByLabel('歌曲描述').fill('一首关于夏天海边的欢快流行歌');
    await page.getByRole('button', { name: '开始创作' }).click();
    const card = page.getByRole('article').first();
    await expect(card.getByText('AI生成')).toBeVisible();
    // The task shows pushed progress until the song is done.
    await expect(card.getByRole('progressbar')).toBeVisible();
    await expect(page.getByRole('tab', { name: '我的歌曲', selected: true })).toBeVisible();

    const play = card.getByRole('button', { name: /^播放 / });
    await expect(play).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('status').filter({ hasText: '创作完成' })).toBeVisible();
    await expect(card.getByRole('progressbar')).toHaveCount(0);
    // The composer's own style and mood words read in the page's language.
    await expect(card).toContainText('流行');
    // Today's free composition is used: the count now says so.
    await expect(page.getByText('作曲次数已用完')).toBeVisible();
    await play.click();
    const player = page.getByRole('region', { name: '播放器' });
    await expect(player.getByRole('button', { name: '暂停' })).toBeVisible();
    await expect.poll(() => playedSeconds(page), { timeout: 10_000 }).toBeGreaterThan(0.2);

    // The mini-player stays while the list scrolls, and seeking moves the audio.
    await page.mouse.wheel(0, 2000);
    await expect(player).toBeInViewport();
    await player.getByRole('slider', { name: '播放进度' }).fill('20');
    await expect.poll(() => playedSeconds(page)).toBeGreaterThan(19);
  });

  test('the song page shows lyrics, the AI label and a share QR; public songs carry Open Graph audio', async ({
    page,
    request,
  }) => {
    const token = await newAccount(request, 'sharer');
    const id = await composedSong(request, token, '关于星空和远方的温柔歌曲');
    await logIn(page, token);
    await page.goto(`/songsDetail?id=${id}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: '歌词' })).toBeVisible();
    await expect(page.getByText('星空').first()).toBeVisible();
    await expect(page.getByText('AI生成')).toBeVisible();
    await expect(page.getByText('私密歌曲，只有你能看到')).toBeVisible();
    await page.getByRole('button', { name: '分享' }).click();
    const share = page.getByRole('dialog', { name: '扫码收听这首歌' });
    await expect(share.getByRole('img', { name: '二维码' })).toHaveAttribute('src', /^data:image\/png/);
    await share.getByRole('button', { name: '关闭' }).click();
    // A private song's file: a signed URL for its owner only.
    const detail = await request.get(`/api/music/detail?id=${id}`, { headers: bearer(token) });
    const signed: string = (await detail.json()).data.audioUrl;
    expect(signed).toMatch(/^\/files\/songs\/\d+\/\w+\.mp3\?e=\d+&s=[\w-]+$/);
    expect((await request.get(signed)).status()).toBe(200);
    expect((await request.get(signed.split('?')[0] ?? '')).status()).toBe(404);
    // The download is the labelled file, named with 'AI生成'.
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载' }).click();
    expect((await saved).suggestedFilename()).toMatch(/\(AI生成\)\.mp3$/);
    await expect(page.getByRole('link', { name: '做一首类似的歌' })).toHaveAttribute('href', `/music?like=${id}`);

    // Private: the server renders nothing of it for others.
    const hidden = await (await request.get(`/songsDetail?id=${id}`)).text();
    expect(hidden).not.toContain('og:audio');
    await page.getByRole('button', { name: '设为公开' }).click();
    await expect(page.getByRole('button', { name: '设为私密' })).toBeVisible();
    const shown = await (await request.get(`/songsDetail?id=${id}`)).text();
    expect(shown).toMatch(/<meta property="og:audio" content="http:\/\/127\.0\.0\.1:\d+\/files\/songs\/\d+\/\w+\.mp3"/);
    // Public now: the bare URL answers anyone.
    expect((await request.get(signed.split('?')[0] ?? '')).status()).toBe(200);
    expect(shown).toContain('星空');
  });

  test('when the count is used up, the page says so and links to the composition packs', async ({ page, request }) => {
    await clearOfSiteMidnight();
    const token = await newAccount(request, 'spent');
    await composedSong(request, token, '用掉今天的免费次数');
    await logIn(page, token);
    await page.goto('/music');
    await waitForHydration(page);
    await expect(page.getByText('作曲次数已用完')).toBeVisible();
    await expect(page.getByRole('button', { name: '开始创作' })).toBeDisabled();
    const buy = page.getByRole('link', { name: '购买作曲包' });
    await expect(buy).toHaveAttribute('href', '/product?type=4');
    await buy.click();
    await expect(page).toHaveURL(/\/product\?type=4$/);
    await expect(page.getByRole('heading', { name: '作曲包 10 首' })).toBeVisible();
  });

  test('visitors see public songs and are asked to log in to compose', async ({ page }) => {
    await page.goto('/music');
    await waitForHydration(page);
    await expect(page.getByRole('tab', { name: '公开歌曲', selected: true })).toBeVisible();
    await page.getByLabel('歌曲描述').fill('随便一首');
    await page.getByRole('button', { name: '开始创作' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
