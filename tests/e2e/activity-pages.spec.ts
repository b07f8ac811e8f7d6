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

test('/special draws fireworks on its canvas', async ({ page, context }) => {
  test.slow(); // a worker start and screenshots on a loaded machine
  // The show itself: the suite asks for less motion (playwright.config.ts), which gets one still frame.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/special');
  const canvas = page.getByRole('img', { name: '烟花动画' });
  await expect(canvas).toBeVisible();
  // A worker draws on the transferred canvas, so the page cannot read it back: count the
  // bright pixels of a screenshot instead, decoded in a blank page (the site's CSP allows no data: URLs).
  const scratch = await context.newPage();
  const litPixels = async () => {
    const png = (await canvas.screenshot()).toString('base64');
    return scratch.evaluate(async (b64) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
      const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
      if (!ctx) return 0;
      ctx.drawImage(bitmap, 0, 0);
      const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let lit = 0;
      // The canvas rests on a near-black background; sparks are bright.
      for (let i = 0; i < data.length; i += 4)
        if (Math.max(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0) > 120) lit++;
      return lit;
    }, png);
  };
  // The show starts once its worker runs (seconds on a loaded machine) and lasts a few seconds:
  // look often, and long enough for a slow start.
  const watch = { timeout: 15_000, intervals: [100] };
  await expect.poll(litPixels, watch).toBeGreaterThan(50);
  await page.getByRole('button', { name: '再放一次' }).click();
  await expect.poll(litPixels, watch).toBeGreaterThan(50);
  await scratch.close();
});

test('/special under reduced motion draws one still frame and says so', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/special');
  await expect(page.getByText('你的系统设置了减少动态效果，烟花以静态画面呈现。')).toBeVisible();
});
