import { gzipSync } from 'node:zlib';
import { expect, type Page, type Response, test } from '@playwright/test';

/** Gzipped bytes of every script the page loaded, and whether React came along. */
async function scriptsOf(page: Page, path: string) {
  const scripts: Response[] = [];
  const onResponse = (res: Response) => {
    if (res.request().resourceType() === 'script') scripts.push(res);
  };
  page.on('response', onResponse);
  await page.goto(path, { waitUntil: 'networkidle' });
  // Bodies are read once the page settled, so none is still pending when the test ends.
  page.off('response', onResponse);
  const all = await Promise.all(scripts.map((res) => res.body()));
  const gzipped = all.reduce((sum, body) => sum + gzipSync(body).length, 0);
  const react = all.some((body) => body.includes('react.production') || body.includes('__reactFiber'));
  return { gzipped, react };
}

for (const path of ['/groups', '/test', '/officialAccount', '/special']) {
  test(`${path} ships no React and at most 15 KB of JavaScript`, async ({ page }) => {
    const { gzipped, react } = await scriptsOf(page, path);
    expect(react).toBe(false);
    expect(gzipped).toBeLessThanOrEqual(15 * 1024);
  });
}

test('/groups and /test show the welfare-group QR with an hourly cache-busting parameter', async ({ page }) => {
  const hour = Math.floor(Date.now() / 3_600_000);
  for (const path of ['/groups', '/test']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('扫码加入福利群，免费体验 AI');
    const img = page.getByRole('img', { name: '福利群二维码' });
    await expect(img).toHaveAttribute('src', new RegExp(`\\?t=(${hour}|${hour + 1})$`));
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  }
});

test('/officialAccount shows the follow QR', async ({ page }) => {
  await page.goto('/officialAccount');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('扫码关注妙笔公众号');
  const img = page.getByRole('img', { name: '公众号二维码' });
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
});

test('/special draws fireworks on its canvas', async ({ page }) => {
  await page.goto('/special');
  const canvas = page.getByRole('img', { name: '烟花动画' });
  await expect(canvas).toBeVisible();
  await expect
    .poll(() =>
      canvas.evaluate((el: HTMLCanvasElement) => {
        const data = el.getContext('2d')?.getImageData(0, 0, el.width, el.height).data ?? [];
        let lit = 0;
        for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) lit++;
        return lit;
      }),
    )
    .toBeGreaterThan(50);
  await page.getByRole('button', { name: '再放一次' }).click();
});

test('/special under reduced motion draws one still frame and says so', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/special');
  await expect(page.getByText('你的系统设置了减少动态效果，烟花以静态画面呈现。')).toBeVisible();
});
