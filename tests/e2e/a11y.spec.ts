import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { drawViaApi } from './draw-helpers';
import { createOrder, newAccount } from './shop-helpers';

/**
 * Issue 15: axe finds no serious or critical violation on any page, in every language, and
 * in the dark theme. Each route is loaded once per language in one context; every route's
 * findings are collected first, so one run lists them all.
 */
const LANGUAGES = ['zh-CN', 'en-US', 'zh-TW'] as const;
type Language = (typeof LANGUAGES)[number];
type Theme = 'light' | 'dark';

/** The routes of docs/routes-and-screens.md, as a visitor sees them (tests/e2e/navigation.spec.ts crawls the same). */
const VISITOR_ROUTES = [
  '/app/store',
  '/chat',
  '/midjourney',
  '/music',
  '/draw',
  '/sd',
  '/gallery',
  '/square',
  '/product',
  '/activities',
  '/groups',
  '/officialAccount',
  '/special',
  '/terms',
  '/privacy',
  '/emailValidation?email=someone%40example.com&code=ABCDEF&type=register',
  '/emailValidation?email=someone%40example.com&type=login',
  '/offline',
  '/404',
];

/** Pages whose content is the account's own: loaded logged in. */
const ACCOUNT_ROUTES = ['/chat/history', '/myapplication', '/createApplication', '/order'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical findings on the page as it is now, one readable line per element. */
async function axeFindings(page: Page, where: string): Promise<string[]> {
  // Evaluated through the devtools protocol: the page's CSP (no inline scripts) stays as served.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Run = (context: Document, options: object) => Promise<{ violations: Violation[] }>;
    const axe = (window as unknown as { axe: { run: Run } }).axe;
    // Only violations are wanted: skipping the passes' and incompletes' details saves most of the time.
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${where} — ${v.id} (${v.impact}): ${v.help}\n    at ${n.target.join(' ')}\n    ${(n.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
      ),
    );
}

/** Each route is loaded once; a loaded machine may take a while to hydrate a page's islands. */
const PER_PAGE_MS = 10_000;

async function visit(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await expect(page.locator('astro-island[ssr]:not([client="event"])')).toHaveCount(0, { timeout: PER_PAGE_MS });
  // Fonts change text metrics and so which pixels axe samples behind a text.
  await page.evaluate(() => document.fonts.ready);
}

async function languageContext(browser: Browser, baseURL: string, lang: Language, theme: Theme) {
  // Reduced motion: no transition half-way when axe samples colours, and /special's fireworks rest.
  const context = await browser.newContext({
    locale: lang,
    viewport: { width: 1366, height: 900 },
    reducedMotion: 'reduce',
  });
  // The server renders in the cookie's language; the islands read appSetting (theme too).
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL }]);
  await context.addInitScript(
    ([language, t]) => {
      if (!localStorage.getItem('appSetting'))
        localStorage.setItem('appSetting', JSON.stringify({ siderCollapsed: false, theme: t, language }));
    },
    [lang, theme],
  );
  return context;
}

const accountControl = (page: Page) => page.getByRole('banner').locator('[data-account-control]');

let token = '';
let pictureId = '';

test.beforeAll(async ({ request }) => {
  // An account with a public picture (the square's picture page, the grids' cards) and an order.
  test.setTimeout(90_000);
  token = await newAccount(request, 'a11y');
  pictureId = (await drawViaApi(request, token, { prompt: 'a11y 月光下的古镇', drawRate: '16:9' })).id;
  await createOrder(request, token, 'VIP_MONTH');
});

async function scanRoutes(page: Page, where: string, routes: string[]): Promise<string[]> {
  const findings: string[] = [];
  for (const route of routes) {
    await visit(page, route);
    findings.push(...(await axeFindings(page, `${where} ${route}`)));
  }
  return findings;
}

/** Every route as a visitor, the login dialog, the account's pages logged in, the profile dialog. */
async function scanLanguage(browser: Browser, baseURL: string, lang: Language, theme: Theme): Promise<string[]> {
  const routes = [...VISITOR_ROUTES, `/square/${pictureId}`];
  test.setTimeout((routes.length + ACCOUNT_ROUTES.length + 2) * PER_PAGE_MS);
  const where = theme === 'dark' ? `${lang} dark` : lang;
  const context = await languageContext(browser, baseURL, lang, theme);
  const page = await context.newPage();
  const findings = await scanRoutes(page, where, routes);

  await accountControl(page).click();
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: PER_PAGE_MS });
  findings.push(...(await axeFindings(page, `${where} login dialog`)));

  await page.evaluate((value) => localStorage.setItem('SECRET_TOKEN', value), token);
  findings.push(...(await scanRoutes(page, `${where} logged in`, ACCOUNT_ROUTES)));
  await accountControl(page).click();
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: PER_PAGE_MS });
  findings.push(...(await axeFindings(page, `${where} profile dialog`)));
  await context.close();
  return findings;
}

for (const lang of LANGUAGES) {
  test(`${lang}: every route, as a visitor and logged in, has no serious or critical axe violation`, async ({
    browser,
    baseURL,
  }) => {
    const findings = await scanLanguage(browser, baseURL ?? '', lang, 'light');
    expect(findings, findings.join('\n')).toEqual([]);
  });
}

test('zh-CN dark theme: every route has no serious or critical axe violation', async ({ browser, baseURL }) => {
  const findings = await scanLanguage(browser, baseURL ?? '', 'zh-CN', 'dark');
  expect(findings, findings.join('\n')).toEqual([]);
});
