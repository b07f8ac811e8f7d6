import { expect, type Page, test } from '@playwright/test';

/** A beforeinstallprompt the page can use, as Chrome would fire when the site is installable. */
async function offerInstall(page: Page) {
  await page.addInitScript(() => {
    const w = window as Window & { promptCalls?: number };
    w.promptCalls = 0;
    window.addEventListener('load', () => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          w.promptCalls = (w.promptCalls ?? 0) + 1;
        },
        userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
      });
      window.dispatchEvent(event);
    });
  });
}

// The other specs block the service worker (playwright.config.ts): here it runs.
test.use({ serviceWorkers: 'allow' });

test('the manifest, icons, offline page and service worker are served', async ({ page, request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  const body = await manifest.json();
  expect(body).toMatchObject({
    short_name: '妙笔',
    display: 'standalone',
    start_url: expect.stringMatching(/^\/chat/),
  });
  for (const icon of body.icons as { src: string }[]) expect((await request.get(icon.src)).status()).toBe(200);
  expect((await request.get('/offline')).status()).toBe(200);
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toContain('javascript');

  await page.goto('/activities');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
});

test('the service worker answers built files from its cache, and a page with the offline page when the network is gone', async ({
  page,
  context,
}) => {
  await page.goto('/terms');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // It claims the open page once active; the next load's built files go through it and into its cache.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.reload();
  const fromWorker: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/_astro/') && response.fromServiceWorker()) fromWorker.push(response.url());
  });
  await page.reload();
  await expect.poll(() => fromWorker.length).toBeGreaterThan(0);

  await context.setOffline(true);
  // The worker is a target of its own, which the browser takes offline apart from the page: navigating before
  // it is, its fetch reached the server and the real page came back. Its own requests fail first.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await expect
    .poll(() =>
      worker.evaluate(() =>
        fetch('/api/health', { cache: 'no-store' }).then(
          () => 'online',
          () => 'offline',
        ),
      ),
    )
    .toBe('offline');
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1, name: '网络未连接' })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('link', { name: '重新加载' }).click();
  // Back online the chat loads, and may move to its conversation's address (/chat/{id}) once hydrated.
  await expect(page).toHaveURL(/\/chat(\/\d+)?$/);
  await expect(page.getByRole('heading', { level: 1, name: '网络未连接' })).toHaveCount(0);
});

test('the install prompt appears 5 s after load when the browser offers it, and stays away once dismissed', async ({
  page,
}) => {
  // A paused clock: on a busy machine real seconds would pass the 5 s mark before the first check.
  const start = new Date('2026-06-01T04:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  await offerInstall(page);
  await page.goto('/officialAccount');
  const prompt = page.getByRole('dialog', { name: '安装妙笔' });
  await page.clock.runFor(4000);
  await expect(prompt).toBeHidden();
  await page.clock.runFor(1500);
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: '以后再说' }).click();
  await expect(prompt).toBeHidden();

  await page.reload();
  await page.clock.runFor(6000);
  await expect(prompt).toBeHidden();
});

test('accepting the prompt asks the browser to install', async ({ page }) => {
  await page.clock.install();
  await offerInstall(page);
  await page.goto('/groups');
  await page.clock.runFor(5500);
  const prompt = page.getByRole('dialog', { name: '安装妙笔' });
  await prompt.getByRole('button', { name: '安装', exact: true }).click();
  await expect(prompt).toBeHidden();
  expect(await page.evaluate(() => (window as Window & { promptCalls?: number }).promptCalls)).toBe(1);
});

test('no prompt without an install offer on a desktop browser', async ({ page }) => {
  await page.clock.install();
  await page.goto('/groups');
  await page.clock.runFor(6000);
  await expect(page.getByRole('dialog', { name: '安装妙笔' })).toBeHidden();
});
