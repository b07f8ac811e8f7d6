import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * What the one crawl (crawl.spec.ts) checks on every page it visits: axe, CSP violations, script and
 * hydration errors, and the links the navigation check needs. Each returns readable findings instead
 * of failing at once, so one run lists every page's problems.
 */

/** The routes of docs/routes-and-screens.md, as a visitor sees them: checked with axe in every language. */
export const A11Y_VISITOR_ROUTES = [
  '/app/store',
  '/chat',
  '/midjourney',
  '/music',
  '/video',
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

/** Pages whose content is the account's own: checked with axe logged in. */
export const A11Y_ACCOUNT_ROUTES = [
  '/chat/history',
  '/myapplication',
  '/createApplication',
  '/order',
  '/invite',
  '/credits',
];

/**
 * The routes of docs/routes-and-screens.md people navigate to: each reaches every other in two steps.
 * Left out: /test (the /groups page under a second path), /songsDetail and /modifyApplication (they
 * need an id and are opened from a song or an application), /special (an animation, not a screen).
 */
export const NAV_ROUTES = [
  '/app/store',
  '/chat',
  '/midjourney',
  '/chat/history',
  '/myapplication',
  '/createApplication',
  '/music',
  '/video',
  '/draw',
  '/sd',
  '/gallery',
  '/square',
  '/product',
  '/activities',
  '/order',
  '/invite',
  '/credits',
  '/groups',
  '/officialAccount',
];

/** Pages that fill exactly the viewport and scroll only inside. */
export const APP_PAGES = ['/chat', '/midjourney', '/draw', '/music'];

/** Every route file under src/pages as a URL path; a new page is crawled without editing the tests. */
export function pagePaths(dir = 'src/pages', prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return pagePaths(full, `${prefix}/${name}`);
    if (!name.endsWith('.astro')) return [];
    const base = name.replace(/\.astro$/, '');
    // A dynamic segment gets a plausible value: the page may answer 404, it must still run cleanly.
    const segment = base === 'index' ? '' : `/${base.replace(/^\[\.{0,3}(\w+)\]$/, 'bench0000000000')}`;
    return [`${prefix}${segment}` || '/'];
  });
}

/** Islands render with an `ssr` attribute until hydrated; a loaded machine may take a while. */
export const PER_PAGE_MS = 10_000;

/** Loads a page and waits until its islands have hydrated and its fonts (which move text axe samples) are in. */
export async function visit(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await expect(
    page.locator('astro-island[ssr]:not([client="auth"]), html[data-auth] astro-island[ssr][client="auth"]'),
    `${route}: islands hydrate`,
  ).toHaveCount(0, { timeout: PER_PAGE_MS });
  await page.evaluate(() => document.fonts.ready);
}

/** Waits until the colour transitions a theme switch or a resize starts have run (axe samples colours). */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === 'running').length,
        ),
      { timeout: PER_PAGE_MS },
    )
    .toBe(0);
}

/** Saves the theme the next page loads in, as the theme store keeps it; the loaded page stays as it is. */
export async function saveTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => {
    const setting = JSON.parse(localStorage.getItem('appSetting') ?? '{}');
    localStorage.setItem('appSetting', JSON.stringify({ ...setting, theme: t }));
  }, theme);
}

/**
 * Switches the loaded page's theme as a person does, with the visible toggle: the store persists it and
 * every island follows it. A page without one (no header) saves the theme and, for dark, is loaded again;
 * back to light it stays as it is, and the next page loads light.
 */
export async function switchTheme(page: Page, route: string, theme: 'light' | 'dark'): Promise<void> {
  const toggle = page.locator('[data-theme-toggle]:visible').first();
  if (await toggle.count()) await toggle.click();
  else {
    await saveTheme(page, theme);
    if (theme === 'light') return;
    await visit(page, route);
  }
  await expect(page.locator('html.dark'), `${route}: ${theme} theme`).toHaveCount(theme === 'dark' ? 1 : 0);
  await settled(page);
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe findings on the page as it is now, one readable line per element. */
export async function axeFindings(page: Page, where: string): Promise<string[]> {
  // Evaluated through the devtools protocol: the page's CSP (no inline scripts) stays as served.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Run = (context: Document, options: object) => Promise<{ violations: Violation[] }>;
    type Rule = { id: string; impact?: string };
    const axe = (window as unknown as { axe: { run: Run; _audit: { rules: Rule[] } } }).axe;
    // Only serious and critical findings count: rules that can report nothing worse are not run ('region'
    // alone took a fifth of a run). Only violations are wanted: skipping the passes' and incompletes'
    // details saves most of the rest.
    const milder = axe._audit.rules.filter((r) => r.impact === 'moderate' || r.impact === 'minor');
    const rules = Object.fromEntries(milder.map((r) => [r.id, { enabled: false }]));
    return (await axe.run(document, { resultTypes: ['violations'], rules })).violations;
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

/**
 * Script errors, CSP violations and hydration errors the page reports from now on (the list fills as
 * pages load), each with the address it happened on. Call before the first visit.
 */
export async function watchErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|hydrat/i.test(m.text()))
      errors.push(`${page.url()}: ${m.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  return errors;
}

/** The route a link leads to (query and conversation id dropped), or null when it leaves the site. */
function routeOf(href: string, base: string): string | null {
  const url = new URL(href, base);
  if (url.origin !== new URL(base).origin) return null;
  const route = url.pathname.replace(/\/+$/, '') || '/';
  if (route === '/' || /^\/chat\/\d+$/.test(route)) return '/chat';
  return route === '/test' ? '/groups' : route;
}

/** Routes a page links to: visible links (one click), and links in a sheet a visible button opens (two taps). */
export interface Links {
  direct: Set<string>;
  menu: Set<string>;
}

export async function collectLinks(page: Page, base: string): Promise<Links> {
  const found = await page.evaluate(() => {
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
  const routes = (list: string[]) =>
    new Set(list.map((href) => routeOf(href, base)).filter((r): r is string => r !== null));
  return { direct: routes(found.direct), menu: routes(found.menu) };
}

/** Pairs of navigation routes more than two steps apart, as `from → to`. */
export function unreachable(links: Map<string, Links>): string[] {
  const orphans: string[] = [];
  for (const from of NAV_ROUTES) {
    const own = links.get(from);
    if (!own) continue;
    const reach = new Set([from, ...own.direct, ...own.menu]);
    for (const next of own.direct) for (const r of links.get(next)?.direct ?? []) reach.add(r);
    for (const to of NAV_ROUTES) if (!reach.has(to)) orphans.push(`${from} → ${to}`);
  }
  return orphans;
}
