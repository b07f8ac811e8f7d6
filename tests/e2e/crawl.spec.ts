import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  A11Y_ACCOUNT_ROUTES,
  A11Y_VISITOR_ROUTES,
  APP_PAGES,
  axeFindings,
  collectLinks,
  type Links,
  NAV_ROUTES,
  PER_PAGE_MS,
  pagePaths,
  unreachable,
  visit,
  watchErrors,
} from './crawl-helpers';
import { drawViaApi } from './draw-helpers';
import { createOrder, logIn, newAccount } from './shop-helpers';

/**
 * One crawl of the site: each page is loaded once per viewport, language and role, and every load is
 * checked for script errors, CSP violations and hydration errors; in every language and in the dark
 * theme axe finds no serious or critical violation; on a laptop and on a phone every navigation route
 * is at most two clicks or taps from every other, the account control is visible without scrolling
 * and app-like pages fill the viewport. Findings are collected first, so one run lists them all.
 */
const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 390, height: 844 };
type Language = 'zh-CN' | 'en-US' | 'zh-TW';
type Theme = 'light' | 'dark';

const unique = (routes: string[]) => [...new Set(routes)];
const accountControl = (page: Page) => page.getByRole('banner').locator('[data-account-control]');

let token = '';
let pictureId = '';

test.beforeAll(async ({ request }) => {
  // An account with a public picture (the square's picture page, the grids' cards) and an order.
  test.setTimeout(90_000);
  token = await newAccount(request, 'crawl');
  pictureId = (await drawViaApi(request, token, { prompt: 'crawl 月光下的古镇', drawRate: '16:9' })).id;
  await createOrder(request, token, 'VIP_MONTH');
});

async function crawlContext(browser: Browser, baseURL: string, lang: Language, theme: Theme, viewport = DESKTOP) {
  // Reduced motion: no transition half-way when axe samples colours, and /special's fireworks rest.
  const context = await browser.newContext({ locale: lang, viewport, reducedMotion: 'reduce' });
  // The server renders in the cookie's language; the islands read appSetting (theme too).
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL }]);
  await context.addInitScript(
    ([language, t]) => {
      if (!localStorage.getItem('appSetting'))
        localStorage.setItem('appSetting', JSON.stringify({ siderCollapsed: false, theme: t, language }));
    },
    [lang, theme],
  );
  const page = await context.newPage();
  return { context, page, errors: await watchErrors(page) };
}

interface Crawl {
  where: string;
  /** Routes axe checks; every visited route is checked for errors. */
  axe?: string[];
  /** Collects the navigation routes' links and checks their layout (zh-CN: the control's name). */
  links?: Map<string, Links>;
  base?: string;
}

async function crawl(page: Page, routes: string[], { where, axe = [], links, base = '' }: Crawl): Promise<string[]> {
  const findings: string[] = [];
  for (const route of routes) {
    await visit(page, route);
    if (axe.includes(route)) findings.push(...(await axeFindings(page, `${where} ${route}`)));
    if (!links || !NAV_ROUTES.includes(route)) continue;
    await expect
      .soft(page.getByRole('banner').getByRole('button', { name: '登录 / 注册' }), `${where} ${route}`)
      .toBeInViewport({ ratio: 1 });
    if (APP_PAGES.includes(route)) {
      const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      if (overflow > 0) findings.push(`${where} ${route}: the document scrolls by ${overflow}px`);
    }
    links.set(route, await collectLinks(page, base));
  }
  return findings;
}

/** The dialog the account control opens, checked with axe. */
async function dialogFindings(page: Page, where: string): Promise<string[]> {
  await accountControl(page).click({ timeout: PER_PAGE_MS });
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: PER_PAGE_MS });
  return axeFindings(page, where);
}

function expectClean(findings: string[], errors: string[], orphans: string[] = []) {
  expect.soft(errors, `script errors, CSP violations or hydration errors:\n${errors.join('\n')}`).toEqual([]);
  expect.soft(findings, findings.join('\n')).toEqual([]);
  expect(orphans, 'routes more than two steps away').toEqual([]);
}

test('zh-CN, laptop, visitor: every page; axe, errors, two-step navigation, the login dialog', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const axe = [...A11Y_VISITOR_ROUTES, `/square/${pictureId}`];
  const routes = unique([...axe, ...NAV_ROUTES, ...pagePaths()]);
  test.setTimeout((routes.length + 2) * PER_PAGE_MS);
  const { context, page, errors } = await crawlContext(browser, base, 'zh-CN', 'light');
  const links = new Map<string, Links>();
  const findings = await crawl(page, routes, { where: 'zh-CN', axe, links, base });
  // The account dialog mounts through the custom client:event directive on its first click.
  await visit(page, '/terms');
  await accountControl(page).click();
  await expect(page.getByRole('dialog', { name: '欢迎来到妙笔' })).toBeVisible({ timeout: PER_PAGE_MS });
  findings.push(...(await axeFindings(page, 'zh-CN login dialog')));
  await context.close();
  expectClean(findings, errors, unreachable(links));
});

test('zh-CN, laptop, logged in: every page; axe on the account pages and the profile dialog, errors', async ({
  browser,
  baseURL,
}) => {
  const routes = unique([...A11Y_ACCOUNT_ROUTES, ...pagePaths()]);
  test.setTimeout((routes.length + 2) * PER_PAGE_MS);
  const { context, page, errors } = await crawlContext(browser, baseURL ?? '', 'zh-CN', 'light');
  await logIn(page, token);
  const findings = await crawl(page, routes, { where: 'zh-CN logged in', axe: A11Y_ACCOUNT_ROUTES });
  // The last page crawled may have no header (a sandbox page): the dialog opens from the orders page.
  await visit(page, '/order');
  findings.push(...(await dialogFindings(page, 'zh-CN profile dialog')));
  await context.close();
  expectClean(findings, errors);
});

test('zh-CN, phone, visitor: two-step navigation, the account control above the fold, app pages, errors', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  test.setTimeout(NAV_ROUTES.length * PER_PAGE_MS);
  const { context, page, errors } = await crawlContext(browser, base, 'zh-CN', 'light', MOBILE);
  const links = new Map<string, Links>();
  const findings = await crawl(page, NAV_ROUTES, { where: 'zh-CN phone', links, base });
  await context.close();
  expectClean(findings, errors, unreachable(links));
});

/** Every visitor route, the login dialog, the account's pages logged in, the profile dialog. */
for (const [lang, theme] of [
  ['en-US', 'light'],
  ['zh-TW', 'light'],
  ['zh-CN', 'dark'],
] as const) {
  const where = theme === 'dark' ? `${lang} dark` : lang;
  test(`${where}: every route, as a visitor and logged in, has no serious or critical axe violation nor error`, async ({
    browser,
    baseURL,
  }) => {
    const routes = [...A11Y_VISITOR_ROUTES, `/square/${pictureId}`];
    test.setTimeout((routes.length + A11Y_ACCOUNT_ROUTES.length + 2) * PER_PAGE_MS);
    const { context, page, errors } = await crawlContext(browser, baseURL ?? '', lang, theme);
    const findings = await crawl(page, routes, { where, axe: routes });
    findings.push(...(await dialogFindings(page, `${where} login dialog`)));
    await page.evaluate((value) => localStorage.setItem('SECRET_TOKEN', value), token);
    findings.push(
      ...(await crawl(page, A11Y_ACCOUNT_ROUTES, { where: `${where} logged in`, axe: A11Y_ACCOUNT_ROUTES })),
    );
    findings.push(...(await dialogFindings(page, `${where} profile dialog`)));
    await context.close();
    expectClean(findings, errors);
  });
}
