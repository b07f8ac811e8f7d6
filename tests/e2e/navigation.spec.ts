import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { waitForHydration } from './helpers';
import { bearer, createOrder, logIn, newAccount } from './shop-helpers';

/**
 * Issue 15: every page of the navigation is at most two clicks or taps away from every
 * other, on a laptop and on a phone; the account control is visible without scrolling;
 * app-like pages fill the viewport. Each page is visited once per viewport: its links
 * are collected and reachability is computed here, not clicked through pair by pair.
 */
const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;

/**
 * The routes of docs/routes-and-screens.md people navigate to. Left out: /test (the
 * /groups page under a second path), /songsDetail and /modifyApplication (they need an
 * id and are opened from a song or an application), /special (an animation, not a screen).
 */
const ROUTES = [
  '/app/store',
  '/chat',
  '/midjourney',
  '/chat/history',
  '/myapplication',
  '/createApplication',
  '/music',
  '/draw',
  '/sd',
  '/gallery',
  '/square',
  '/product',
  '/activities',
  '/order',
  '/groups',
  '/officialAccount',
];

/** Pages that fill exactly the viewport and scroll only inside. */
const APP_PAGES = ['/chat', '/midjourney', '/draw', '/music'];

/** The route a link leads to (query and conversation id dropped), or null when it leaves the site. */
function routeOf(href: string, base: string): string | null {
  const url = new URL(href, base);
  if (url.origin !== new URL(base).origin) return null;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/' || /^\/chat\/\d+$/.test(path)) return '/chat';
  return path === '/test' ? '/groups' : path;
}

interface Links {
  /** Visible links: one click. */
  direct: string[];
  /** Links in a menu a visible button opens (the mobile "我的" sheet): two taps. */
  menu: string[];
}

function collectLinks(page: Page): Promise<Links> {
  return page.evaluate(() => {
    const hrefs = (root: ParentNode, visibleOnly: boolean) =>
      [...root.querySelectorAll<HTMLAnchorElement>('a[href]')]
        .filter((a) => !visibleOnly || a.checkVisibility({ visibilityProperty: true }))
        .map((a) => a.href);
    const menu = [...document.querySelectorAll<HTMLElement>('[popover][id]')]
      .filter((sheet) =>
        [...document.querySelectorAll(`[popovertarget="${sheet.id}"]`)].some((b) => b.checkVisibility()),
      )
      .flatMap((sheet) => hrefs(sheet, false));
    return { direct: hrefs(document, true), menu };
  });
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: every route reaches every other in two steps; account control above the fold; app pages do not scroll`, async ({
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const base = baseURL ?? '';
    const links = new Map<string, { direct: Set<string>; menu: Set<string> }>();
    for (const route of ROUTES) {
      // Not waiting for every image: links and layout are there once the islands have hydrated.
      await page.goto(route, { waitUntil: 'domcontentloaded' });
      await waitForHydration(page);
      await expect(page.getByRole('banner').getByRole('button', { name: '登录 / 注册' }), route).toBeInViewport({
        ratio: 1,
      });
      if (APP_PAGES.includes(route)) {
        const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
        expect(overflow, `${route} scrolls the document`).toBeLessThanOrEqual(0);
      }
      const found = await collectLinks(page);
      const routes = (list: string[]) =>
        new Set(list.map((href) => routeOf(href, base)).filter((r): r is string => r !== null));
      links.set(route, { direct: routes(found.direct), menu: routes(found.menu) });
    }

    const orphans: string[] = [];
    for (const from of ROUTES) {
      const own = links.get(from);
      if (!own) continue;
      const reach = new Set([from, ...own.direct, ...own.menu]);
      for (const next of own.direct) for (const r of links.get(next)?.direct ?? []) reach.add(r);
      for (const to of ROUTES) if (!reach.has(to)) orphans.push(`${from} → ${to}`);
    }
    expect(orphans, 'routes more than two steps away').toEqual([]);
  });
}

test.describe('mode switch', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`${name}: 对话 / 图像对话 reaches /midjourney and back`, async ({ page }) => {
      // Three page loads, each hydrating a client-only island.
      test.slow();
      await page.setViewportSize(viewport);
      await page.goto('/chat');
      const modes = page.getByRole('navigation', { name: '对话模式' });
      await expect(modes.getByRole('link', { name: '对话', exact: true })).toHaveAttribute('aria-current', 'page');
      await modes.getByRole('link', { name: '图像对话' }).click();
      await expect(page).toHaveURL(/\/midjourney$/);
      await expect(modes.getByRole('link', { name: '图像对话' })).toHaveAttribute('aria-current', 'page');
      await modes.getByRole('link', { name: '对话', exact: true }).click();
      await expect(page).toHaveURL(/\/chat(\/\d+)?$/);
    });
  }
});

test('a member sees avatar, nickname and the membership end date at the top of every page size', async ({
  page,
  request,
}) => {
  // An account, a paid order and two page loads.
  test.slow();
  const token = await newAccount(request, 'nav-member');
  const order = await createOrder(request, token, 'VIP_MONTH');
  const link = new URL(order.payLink ?? '', 'http://x');
  const paid = await request.post(`/api/pay/sandbox/${order.orderNo}/confirm`, {
    data: { key: link.searchParams.get('key') },
  });
  expect((await paid.json()).code).toBe(1000000);
  const info = (await (await request.get('/api/user/info', { headers: bearer(token) })).json()).data;
  const end = new Date(info.endDate);
  const day = `${end.getFullYear()}-${String(end.getMonth() + 1).padStart(2, '0')}-${String(end.getDate()).padStart(2, '0')}`;
  await logIn(page, token);

  for (const [route, viewport] of [
    ['/product', VIEWPORTS.desktop],
    ['/chat', VIEWPORTS.mobile],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(route);
    const control = page.getByRole('banner').getByRole('button', { name: /^个人中心/ });
    await expect(control).toContainText(info.nickname);
    await expect(control).toContainText(`会员至 ${day}`);
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  // It opens the profile (the dialog island downloads on this click).
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^个人中心/ })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('mobile "我的" sheet reaches membership, activities, orders, the square, language and theme', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/music');
  await page.getByRole('navigation', { name: '底部导航' }).getByRole('button', { name: '我的' }).click();
  const sheet = page.getByRole('dialog', { name: '我的' });
  for (const name of ['会员中心', '福利活动', '我的订单', '绘画广场', '图像对话', '高级绘画']) {
    await expect(sheet.getByRole('link', { name })).toBeVisible();
  }
  await expect(sheet.getByRole('combobox', { name: '语言' })).toBeVisible();
  await sheet.getByRole('button', { name: '深色模式' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await sheet.getByRole('link', { name: '福利活动' }).click();
  await expect(page).toHaveURL(/\/activities$/);
});

test('desktop side nav spans the whole page on long pages, in a full-page capture too', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/product');
  const shot = await sharp(await page.screenshot({ fullPage: true }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(shot.info.height).toBeGreaterThan(VIEWPORTS.desktop.height);
  // The nav's white, not the page's slate-50, at the bottom left of the document.
  const at = ((shot.info.height - 3) * shot.info.width + 8) * shot.info.channels;
  expect([...shot.data.subarray(at, at + 3)]).toEqual([255, 255, 255]);
});
