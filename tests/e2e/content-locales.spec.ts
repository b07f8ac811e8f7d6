import { type APIRequestContext, type BrowserContext, expect, type Locator, test } from '@playwright/test';
import { waitForHydration } from './helpers';
import { bearer, logIn, newAccount } from './shop-helpers';

/**
 * Seeded and generated content follows the page's language (issue 15): the app
 * store, the prompt store's own list and the music page read in English on an
 * en-US page, with only the legally required 'AI生成' label left in Chinese, and
 * in Traditional Chinese on a zh-TW page.
 */

async function useLanguage(context: BrowserContext, lang: 'en-US' | 'zh-TW', baseURL: string | undefined) {
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL ?? 'http://127.0.0.1' }]);
}

/**
 * Lines of visible text with Chinese characters, besides the 'AI生成' label and
 * the language menu's own names (简体中文, 繁體中文: each language is named in itself).
 */
function chineseLines(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    (root as HTMLElement).innerText
      .split('\n')
      .map((line) => line.replaceAll('AI生成', '').replace(/简体中文|繁體中文/g, ''))
      .filter((line) => /[\u3400-\u9fff\uf900-\ufaff]/.test(line)),
  );
}

async function englishSong(request: APIRequestContext, token: string) {
  const headers = { ...bearer(token), cookie: 'lang=en-US' };
  const res = await request.post('/api/music/submit', {
    data: { mode: 'inspiration', prompt: 'a cheerful pop song about summer at the seaside' },
    headers,
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(1000000);
  const id: string = body.data.id;
  await expect
    .poll(async () => (await (await request.get(`/api/music/detail?id=${id}`, { headers })).json()).data.status, {
      timeout: 60_000,
    })
    .toBe(10);
  return id;
}

test.describe('content in the page language', () => {
  test('en-US app store: every card in English, and a card opens an English chat', async ({
    page,
    context,
    baseURL,
  }) => {
    test.slow();
    await useLanguage(context, 'en-US', baseURL);
    await page.goto('/app/store');
    await waitForHydration(page);
    const cards = page.locator('[data-app-card]');
    await expect(cards).toHaveCount(30);
    // Scroll until the store says it has shown them all.
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 20_000);
          return page.getByText(/^All \d+ applications shown$/).count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(await cards.count()).toBeGreaterThanOrEqual(60);
    expect(await chineseLines(page.locator('body'))).toEqual([]);

    await page.getByRole('searchbox', { name: 'Search applications' }).fill('weekly report');
    await page.getByRole('searchbox', { name: 'Search applications' }).press('Enter');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Weekly Report Writer');
    await cards.first().click();
    await expect(page).toHaveURL(/\/chat\/\d{13,}$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('chatStorage') ?? '{}'));
    expect(stored.history[0]).toMatchObject({ title: 'Weekly Report Writer' });
    expect(stored.history[0].content).toMatch(/^You are a senior project manager/);
  });

  test("en-US prompt store: the site's own list imports in English", async ({ page, context, baseURL }) => {
    test.slow();
    await useLanguage(context, 'en-US', baseURL);
    await page.goto('/chat');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Prompts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prompt store' });
    await dialog.getByRole('tab', { name: 'Online' }).click();
    await dialog.getByRole('button', { name: 'Choose' }).first().click();
    await dialog.getByRole('button', { name: 'Download and import' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Imported \d+ prompts/ })).toBeVisible();
    await dialog.getByRole('tab', { name: 'Local' }).click();
    await dialog.getByRole('searchbox', { name: 'Search prompts' }).fill('weekly report');
    await expect(dialog.locator('[data-prompt-row]')).toHaveCount(1);
    await expect(dialog.locator('[data-prompt-row]')).toContainText('You are a senior project manager');
    await dialog.getByRole('searchbox', { name: 'Search prompts' }).fill('');
    expect(await chineseLines(dialog)).toEqual([]);
  });

  test('en-US music: song tags, key and label in English beside AI生成', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.slow();
    await useLanguage(context, 'en-US', baseURL);
    const token = await newAccount(request, 'en-composer');
    const id = await englishSong(request, token);
    await logIn(page, token);
    await page.goto('/music');
    await waitForHydration(page);
    const card = page.getByRole('article').first();
    await expect(card.getByText('AI生成 · AI-generated', { exact: true })).toBeVisible();
    await expect(card.getByText('Pop', { exact: true })).toBeVisible();
    await expect(card.getByText('Happy', { exact: true })).toBeVisible();
    await page.getByText('Custom', { exact: true }).click();
    await page.getByRole('button', { name: 'Lo-fi', exact: true }).click();
    await page.getByRole('button', { name: 'Calm', exact: true }).click();
    await expect(page.getByLabel('Style', { exact: true })).toHaveValue('Lo-fi, Calm');
    expect(await chineseLines(page.locator('body'))).toEqual([]);

    await page.goto(`/songsDetail?id=${id}`);
    await waitForHydration(page);
    await expect(page.getByText(/Key [A-G][#b]? (major|minor)/)).toBeVisible();
    await expect(page.getByText('AI生成 · AI-generated', { exact: true })).toBeVisible();
    expect(await chineseLines(page.locator('body'))).toEqual([]);
  });

  test('zh-TW: the store and the compose form read in Traditional Chinese', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await useLanguage(context, 'zh-TW', baseURL);
    await page.goto('/app/store');
    await waitForHydration(page);
    await expect(page.locator('[data-app-card]').first()).toContainText('週報生成器');
    await expect(page.getByText('周报生成器')).toHaveCount(0);

    await logIn(page, await newAccount(request, 'tw-composer'));
    await page.goto('/music');
    await waitForHydration(page);
    await page.getByText('自訂模式', { exact: true }).click();
    await page.getByRole('button', { name: '搖滾', exact: true }).click();
    await expect(page.getByLabel('風格', { exact: true })).toHaveValue('搖滾');
  });
});
