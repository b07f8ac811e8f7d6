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
  saveTheme,
  settled,
  switchTheme,
  unreachable,
  visit,
  watchErrors,
} from './crawl-helpers';
import { drawViaApi } from './draw-helpers';
import { createOrder, logIn, newAccount } from './shop-helpers';

/**
 * One crawl of the site: each page is loaded once per language and role, and every load is checked for
 * script errors, CSP violations and hydration errors; in every language and in the dark theme axe finds no
 * serious or critical violation; on a laptop and on a phone every navigation route is at most two clicks or
 * taps from every other, the account control is visible without scrolling and app-like pages fill the
 * viewport. Loads are what the crawl spends its time on, so a loaded zh-CN page is also checked in the dark
 * theme (switched with its toggle, as a person does) and, for the navigation routes, resized to a phone.
 * Findings are collected first, so one run lists them all.
 */
const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 390, height: 844 };
type Language = 'zh-CN' | 'en-US' | 'zh-TW';

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

/**
 * `worker`: the zh-CN visitor passes, which between them load every page, run behind the site's service worker
 * as people get it, so no page breaks behind it; the other passes leave it out (playwright.config.ts).
 */
async function crawlContext(browser: Browser, baseURL: string, lang: Language, worker = false) {
  // Reduced motion: no transition half-way when axe samples colours, and /special's fireworks rest.
  const context = await browser.newContext({
    locale: lang,
    viewport: DESKTOP,
    reducedMotion: 'reduce',
    serviceWorkers: worker ? 'allow' : 'block',
  });
  // The server renders in the cookie's language; the islands read appSetting (the theme too).
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL }]);
  await context.addInitScript((language) => {
    if (!localStorage.getItem('appSetting'))
      localStorage.setItem('appSetting', JSON.stringify({ siderCollapsed: false, theme: 'light', language }));
  }, lang);
  const page = await context.newPage();
  return { context, page, errors: await watchErrors(page) };
}

interface Crawl {
  where: string;
  /** Routes axe checks; every visited route is checked for errors. */
  axe?: string[];
  /** Axe checks those routes in the dark theme too. */
  dark?: boolean;
  /** Collects the navigation routes' links on a laptop and checks their layout (zh-CN: the control's name). */
  links?: Map<string, Links>;
  /** The same, resized to a phone. */
  phone?: Map<string, Links>;
  base?: string;
}

async function crawl(page: Page, routes: string[], crawled: Crawl): Promise<string[]> {
  const { where, axe = [], dark = false, links, phone, base = '' } = crawled;
  const findings: string[] = [];
  for (const route of routes) {
    await visit(page, route);
    // The page before was left dark with the light theme saved: this one must load light.
    if (dark) await expect(page.locator('html.dark'), `${where} ${route}: loads light`).toHaveCount(0);
    const darkened = dark && axe.includes(route);
    if (axe.includes(route)) findings.push(...(await axeFindings(page, `${where} ${route}`)));
    if (darkened) {
      await switchTheme(page, route, 'dark');
      findings.push(...(await axeFindings(page, `${where} dark ${route}`)));
    }
    if (NAV_ROUTES.includes(route)) {
      if (links) findings.push(...(await layout(page, route, where, links, base)));
      if (phone) {
        await page.setViewportSize(MOBILE);
        await settled(page);
        findings.push(...(await layout(page, route, `${where} phone`, phone, base)));
        await page.setViewportSize(DESKTOP);
      }
    }
    // The next page loads light: its layout checks read no colours, so this one is not switched back.
    if (darkened) await saveTheme(page, 'light');
  }
  return findings;
}

/** A navigation route's layout: the account control above the fold, app pages without a scroll; its links. */
async function layout(page: Page, route: string, where: string, links: Map<string, Links>, base: string) {
  const findings: string[] = [];
  await expect
    .soft(page.getByRole('banner').getByRole('button', { name: '登录 / 注册' }), `${where} ${route}`)
    .toBeInViewport({ ratio: 1 });
  if (APP_PAGES.includes(route)) {
    const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    if (overflow > 0) findings.push(`${where} ${route}: the document scrolls by ${overflow}px`);
  }
  links.set(route, await collectLinks(page, base));
  return findings;
}

/** The dialog the account control opens, checked with axe in the light theme, then in the dark one. */
async function dialogFindings(page: Page, route: string, where: string, name?: string): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name });
  await accountControl(page).click({ timeout: PER_PAGE_MS });
  await expect(dialog).toBeVisible({ timeout: PER_PAGE_MS });
  const findings = await axeFindings(page, where);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await switchTheme(page, route, 'dark');
  await accountControl(page).click();
  await expect(dialog).toBeVisible({ timeout: PER_PAGE_MS });
  await settled(page);
  return [...findings, ...(await axeFindings(page, `${where} (dark)`))];
}

function expectClean(findings: string[], errors: string[], orphans: string[] = []) {
  expect.soft(errors, `script errors, CSP violations or hydration errors:\n${errors.join('\n')}`).toEqual([]);
  expect.soft(findings, findings.join('\n')).toEqual([]);
  expect(orphans, 'routes more than two steps away').toEqual([]);
}

const visitorAxe = () => [...A11Y_VISITOR_ROUTES, `/square/${pictureId}`];
const visitorRoutes = () => unique([...visitorAxe(), ...NAV_ROUTES]);

test('zh-CN, visitor: axe light and dark, errors, two-step navigation on a laptop and a phone, the login dialog', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const routes = visitorRoutes();
  test.setTimeout((routes.length * 3 + 4) * PER_PAGE_MS);
  const { context, page, errors } = await crawlContext(browser, base, 'zh-CN', true);
  const links = new Map<string, Links>();
  const phone = new Map<string, Links>();
  const findings = await crawl(page, routes, { where: 'zh-CN', axe: visitorAxe(), dark: true, links, phone, base });
  // The account dialog mounts on its first click (src/lib/event-mount.ts).
  await visit(page, '/terms');
  findings.push(...(await dialogFindings(page, '/terms', 'zh-CN login dialog', '欢迎来到妙笔')));
  await context.close();
  const orphans = [...unreachable(links), ...unreachable(phone).map((pair) => `phone: ${pair}`)];
  expectClean(findings, errors, orphans);
});

test('zh-CN, visitor: every other page runs without errors', async ({ browser, baseURL }) => {
  const done = new Set(visitorRoutes());
  const routes = pagePaths().filter((route) => !done.has(route));
  test.setTimeout((routes.length + 2) * PER_PAGE_MS);
  const { context, page, errors } = await crawlContext(browser, baseURL ?? '', 'zh-CN', true);
  const findings = await crawl(page, routes, { where: 'zh-CN' });
  await context.close();
  expectClean(findings, errors);
});

test('zh-CN, logged in: every page; axe light and dark on the account pages and the profile dialog, errors', async ({
  browser,
  baseURL,
}) => {
  const routes = unique([...A11Y_ACCOUNT_ROUTES, ...pagePaths()]);
  test.setTimeout((routes.length + A11Y_ACCOUNT_ROUTES.length * 2 + 4) * PER_PAGE_MS);
  const { context, page, errors } = await crawlContext(browser, baseURL ?? '', 'zh-CN');
  await logIn(page, token);
  const findings = await crawl(page, routes, { where: 'zh-CN logged in', axe: A11Y_ACCOUNT_ROUTES, dark: true });
  // The last page crawled may have no header (a sandbox page): the dialog opens from the orders page.
  await visit(page, '/order');
  findings.push(...(await dialogFindings(page, '/order', 'zh-CN profile dialog')));
  await context.close();
  expectClean(findings, errors);
});

/** Every visitor route, the login dialog, the account's pages logged in, the profile dialog. */
for (const lang of ['en-US', 'zh-TW'] as const) {
  test(`${lang}: every route, as a visitor and logged in, has no serious or critical axe violation nor error`, async ({
    browser,
    baseURL,
  }) => {
    const routes = visitorAxe();
    test.setTimeout((routes.length + A11Y_ACCOUNT_ROUTES.length + 2) * PER_PAGE_MS);
    const { context, page, errors } = await crawlContext(browser, baseURL ?? '', lang);
    const findings = await crawl(page, routes, { where: lang, axe: routes });
    findings.push(...(await lightDialog(page, `${lang} login dialog`)));
    await page.evaluate((value) => localStorage.setItem('SECRET_TOKEN', value), token);
    findings.push(
      ...(await crawl(page, A11Y_ACCOUNT_ROUTES, { where: `${lang} logged in`, axe: A11Y_ACCOUNT_ROUTES })),
    );
    findings.push(...(await lightDialog(page, `${lang} profile dialog`)));
    await context.close();
    expectClean(findings, errors);
  });
}

/** The account control's dialog in the light theme only (the other languages). */
async function lightDialog(page: Page, where: string): Promise<string[]> {
  await accountControl(page).click({ timeout: PER_PAGE_MS });
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: PER_PAGE_MS });
  return axeFindings(page, where);
}
