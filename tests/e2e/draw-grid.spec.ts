import { expect, type Locator, type Page, test } from '@playwright/test';
import { drawViaApi } from './draw-helpers';
import { waitForHydration } from './helpers';
import { logIn, newAccount } from './shop-helpers';

/**
 * Issue 15: the cards of one picture grid share one height whatever the pictures' ratios
 * and prompt lengths; each shows 'AI生成' once; its actions stay on one row (the first as a
 * button, the rest in a "more" menu), at a laptop's and a phone's width.
 */
const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

let token = '';
test.beforeAll(async ({ request }) => {
  // Three drawings, one after the other (one at a time per account).
  test.setTimeout(120_000);
  token = await newAccount(request, 'grid');
  await drawViaApi(request, token, { prompt: '网格 竖图', drawRate: '9:16' });
  await drawViaApi(request, token, {
    prompt: '网格 方图：月光下的江南古镇，石桥流水，灯笼倒映在河面上，远处是连绵的青山和薄雾，水墨风格，细节丰富',
    drawRate: '1:1',
  });
  await drawViaApi(request, token, { prompt: '网格 横图', drawRate: '16:9' });
});

async function expectUniformCards(cards: Locator, where: string): Promise<void> {
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count, where).toBeGreaterThanOrEqual(3);
  const heights = new Set<number>();
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    heights.add(Math.round((await card.boundingBox())?.height ?? 0));
    await expect(card.getByText('AI生成'), `${where}: one label per card`).toHaveCount(1);
    const tops = await card
      .locator('[data-card-actions] > button')
      .evaluateAll((buttons) =>
        buttons.map((b) => Math.round((b.getBoundingClientRect().top + b.getBoundingClientRect().bottom) / 2)),
      );
    expect(new Set(tops).size, `${where}: the actions of card ${i} on one row`).toBeLessThanOrEqual(1);
  }
  expect([...heights], `${where}: card heights`).toHaveLength(1);
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

for (const viewport of VIEWPORTS) {
  test(`${viewport.width} px: /draw, /gallery and /square keep one card height and one row of actions`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await logIn(page, token);

    await open(page, '/draw');
    await page.getByRole('tab', { name: '我的作品' }).click();
    const mine = page.getByRole('tabpanel').locator('[data-picture]');
    await expectUniformCards(mine, `/draw mine ${viewport.width}`);
    // Delete is in the menu, never alone on a row of its own.
    const card = mine.filter({ hasText: '网格 横图' });
    await expect(card.getByRole('button', { name: '删除', exact: true })).toHaveCount(0);
    await card.getByRole('button', { name: '更多操作' }).click();
    await expect(page.getByRole('menuitem', { name: '删除' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: '公共画廊' }).click();
    await expectUniformCards(page.getByRole('tabpanel').locator('[data-picture]'), `/draw public ${viewport.width}`);

    await open(page, '/gallery');
    await expectUniformCards(page.getByRole('tabpanel').locator('[data-picture]'), `/gallery ${viewport.width}`);

    await open(page, '/square');
    await expectUniformCards(page.locator('[data-square-item]'), `/square ${viewport.width}`);
  });
}
