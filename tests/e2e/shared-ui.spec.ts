import { expect, type Page, test } from '@playwright/test';
import { build } from 'esbuild';

let bundle = '';

// The harness is injected as an inline script, which the site's CSP (rightly) refuses. The dialogs' fades are
// part of what this file checks, so it asks for motion (the suite otherwise asks for less: playwright.config.ts).
test.use({ bypassCSP: true, reducedMotion: 'no-preference' });

test.beforeAll(async () => {
  const result = await build({
    entryPoints: ['tests/e2e/fixtures/ui-harness.tsx'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    jsx: 'automatic',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  bundle = result.outputFiles[0]?.text ?? '';
});

/** The harness runs on a real page, so the site's CSS and toast host are there. */
async function mountHarness(page: Page): Promise<void> {
  await page.goto('/terms');
  await page.addScriptTag({ content: bundle });
  await expect(page.getByRole('button', { name: 'open plain' })).toBeVisible();
}

test('dialog closes with Escape, the mask and its close button', async ({ page }) => {
  await mountHarness(page);
  const dialog = page.getByRole('dialog', { name: '普通对话框' });
  // A person acts once the dialog is there: it has taken the focus and its 200 ms fade-in has ended
  // (on a loaded machine, a mask click during the fade-in was sometimes not seen as one).
  const open = async () => {
    await page.getByRole('button', { name: 'open plain' }).click();
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expect(page.locator('[data-transition]')).toHaveCount(0);
  };

  await open();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await open();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();

  await open();
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
});

test('a dialog that is not mask-closable stays open until its close button', async ({ page }) => {
  await mountHarness(page);
  const dialog = page.getByRole('dialog', { name: '支付订单' });
  await page.getByRole('button', { name: 'open pay' }).click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
});

test('useConfirm resolves true on OK and false on cancel', async ({ page }) => {
  await mountHarness(page);
  const answers = () => page.evaluate(() => (window as Window & { harness?: { confirm: boolean[] } }).harness?.confirm);

  await page.getByRole('button', { name: 'ask' }).click();
  const dialog = page.getByRole('dialog', { name: '提示' });
  await expect(dialog).toContainText('确定要删除吗？');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect.poll(answers).toEqual([true]);

  await page.getByRole('button', { name: 'ask' }).click();
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '取消' }).click();
  await expect.poll(answers).toEqual([true, false]);
});

test('a dialog answered during its fade-in leaves the page within two frames', async ({ page }) => {
  await mountHarness(page);
  const answers = () => page.evaluate(() => (window as Window & { harness?: { confirm: boolean[] } }).harness?.confirm);
  // Chromium's animations held at their first frame: the dialog is answered while its fade-in has not even begun,
  // however busy the machine, and anything waiting for the animation (or its end event) would wait for ever.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
  const left = await page.evaluate(async () => {
    const button = (name: string) =>
      [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    button('ask')?.click();
    for (let i = 0; i < 100 && !button('确定'); i++) await frame();
    const fading = document.getAnimations().some((a) => a.playState === 'running');
    button('确定')?.click();
    await frame();
    await frame();
    return { fading, gone: !button('确定') };
  });
  expect(left).toEqual({ fading: true, gone: true });
  await expect.poll(answers).toEqual([true]);
  // Nothing is left over the page: the next question opens and answers as usual.
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
  await page.getByRole('button', { name: 'ask' }).click();
  await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '取消' }).click();
  await expect.poll(answers).toEqual([true, false]);
});

test('tabs switch by click and arrow keys', async ({ page }) => {
  await mountHarness(page);
  const list = page.getByRole('tablist', { name: '登录方式' });
  await expect(page.getByRole('tabpanel')).toHaveText('scan panel');
  await list.getByRole('tab', { name: '密码登录' }).click();
  await expect(page.getByRole('tabpanel')).toHaveText('password panel');
  await page.keyboard.press('ArrowLeft');
  await expect(list.getByRole('tab', { name: '微信扫码登录' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveText('scan panel');
});

test('QR modal encodes its URL into an image', async ({ page }) => {
  await mountHarness(page);
  await page.getByRole('button', { name: 'open qr' }).click();
  const dialog = page.getByRole('dialog', { name: '扫码支付' });
  await expect(dialog.getByRole('img', { name: '二维码' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(dialog).toContainText('请使用微信扫码支付');
  await expect(dialog.getByRole('link', { name: /打开支付页/ })).toHaveAttribute('target', '_blank');
});

test('toasts are announced, can be closed and expire', async ({ page }) => {
  await mountHarness(page);
  type ToastWindow = Window & { harnessToast?: Record<'success' | 'error', (text: string, ms?: number) => void> };
  await page.evaluate(() => {
    const t = (window as ToastWindow).harnessToast;
    // Long enough to be seen on a busy machine, short enough to expire within the expectation's 5 s.
    t?.success('登录成功', 2500);
    t?.error('网络连接失败', 0);
  });
  await expect(page.getByRole('status').filter({ hasText: '登录成功' })).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: '网络连接失败' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '登录成功' })).toHaveCount(0);
  await alert.getByRole('button', { name: '关闭通知' }).click();
  await expect(alert).toHaveCount(0);
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`stacked toasts leave an open dialog's header and the page header free at ${viewport.width}px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await mountHarness(page);
    await page.getByRole('button', { name: 'open plain' }).click();
    const dialog = page.getByRole('dialog', { name: '普通对话框' });
    await expect(dialog).toBeVisible();
    await page.evaluate(() => {
      const t = (window as Window & { harnessToast?: Record<'error', (text: string, ms?: number) => void> })
        .harnessToast;
      for (let i = 0; i < 4; i++) t?.error(`通知 ${i} 的内容比较长，会占据两行的空间以便检查`, 0);
    });
    const toasts = page.getByRole('alert');
    await expect(toasts).toHaveCount(4);
    const keepFree = [
      dialog.getByRole('heading', { name: '普通对话框' }),
      dialog.getByRole('button', { name: '关闭' }).last(),
      page.locator('body > header, header').first(),
    ];
    const overlaps = (a: Box, b: Box) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const area of keepFree) {
      const box = await area.boundingBox();
      if (!box) continue;
      for (const toast of await toasts.all()) {
        const t = await toast.boundingBox();
        expect(t && overlaps(t, box)).toBeFalsy();
      }
    }
    // Each can be dismissed, even with the dialog open.
    await toasts.first().getByRole('button', { name: '关闭通知' }).click();
    await expect(toasts).toHaveCount(3);
  });
}

type Box = { x: number; y: number; width: number; height: number };
