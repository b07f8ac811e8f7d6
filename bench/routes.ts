// The pages the load bench measures, derived from the route table itself
// (src/pages, by Astro's file-name rules), so a new page is measured without
// anyone remembering to list it. A route with parameters needs a sample
// address below, and a route a visitor is answered with another status than
// 200 names that status; tests/unit/bench-routes.test.ts fails when a route
// of src/pages has no measurable address here.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Files Astro turns into routes; names starting with `_` are not routes. */
const ROUTE_FILE = /^(?!_).+\.(?:astro|md|mdx|html|ts|js|mjs)$/;
/** Of those, the HTML pages; the others are endpoints (the sitemap, robots.txt). */
export const HTML_FILE = /\.(?:astro|md|mdx|html)$/;

/**
 * Every route of a pages directory, as Astro writes it: `/chat/[...uuid]`,
 * `/admin`, `/robots.txt`; only those of files matching `only` when given.
 */
export function pageRoutes(pagesDir: string, only?: RegExp): string[] {
  const routes: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('_')) continue;
      if (entry.isDirectory()) {
        walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
      } else if (ROUTE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts') && (only?.test(entry.name) ?? true)) {
        const name = entry.name.replace(/\.[^.]+$/, '');
        routes.push(name === 'index' ? prefix || '/' : `${prefix}/${name}`);
      }
    }
  };
  walk(pagesDir, '');
  return routes.sort();
}

/** Seeded data a sample address names: `{picture}` a public picture's id, `{share}` a listed conversation share's. */
export interface Seeded {
  picture: string | null;
  share: string | null;
}

interface Sample {
  /** The address to load, with `{picture}` or `{share}` filled in from the seeded data. */
  path?: string;
  /** What a visitor (no login, no console session) is answered with. */
  status?: number;
}

/**
 * What differs from "the route itself, answered 200". The personal-link pages
 * are loaded as their links come (a made-up key reads as invalid in the
 * browser: the server sends the same shell).
 */
export const SAMPLES: Readonly<Record<string, Sample>> = {
  '/404': { status: 404 },
  '/500': { status: 500 },
  '/gone': { status: 410 },
  '/chat/[...uuid]': { path: '/chat' },
  '/square/[id]': { path: '/square/{picture}' },
  '/share/[id]': { path: '/share/{share}' },
  '/admin/orders/[orderNo]': { path: '/admin/orders/M2026000000000001' },
  '/admin/users/[id]': { path: '/admin/users/1' },
  '/pay/sandbox/[orderNo]': { path: '/pay/sandbox/M2026000000000001?key=bench' },
  '/wx/sandbox/[qrcodeSocket]': { path: '/wx/sandbox/0123456789abcdef?key=bench' },
  '/emailValidation': { path: '/emailValidation?email=someone%40example.com&code=ABCDEF&type=register' },
};

/** The console's pages send whoever has no console session to /404. */
const CONSOLE = /^\/admin(?:\/|$)/;

export interface BenchPage {
  /** The route as src/pages names it. */
  route: string;
  /** The address measured; `{…}` names seeded data. */
  path: string;
  status: number;
}

const hasParams = (route: string) => route.includes('[');

/** The measured address of every route; throws naming each route with parameters but no sample. */
export function benchPages(routes: readonly string[]): BenchPage[] {
  const missing = routes.filter((r) => hasParams(r) && !SAMPLES[r]?.path);
  if (missing.length) throw new Error(`bench/routes.ts: no sample address for ${missing.join(', ')}`);
  return routes.map((route) => ({
    route,
    path: SAMPLES[route]?.path ?? route,
    status: SAMPLES[route]?.status ?? (CONSOLE.test(route) ? 302 : 200),
  }));
}

/** The address with the seeded ids filled in; null when what it needs was not seeded. */
/** The pages `names` lists, by route or address (`--pages`); every page when it lists none. */
export function namedPages<T extends BenchPage>(pages: T[], names?: readonly string[]): T[] {
  return names ? pages.filter((p) => names.includes(p.route) || names.includes(p.path)) : pages;
}

export function fillPath(page: BenchPage, seeded: Seeded): string | null {
  let missing = false;
  const filled = page.path.replace(/\{(picture|share)\}/g, (_, name: keyof Seeded) => {
    const id = seeded[name];
    if (!id) missing = true;
    return id ?? '';
  });
  return missing ? null : filled;
}

const PAGES_DIR = fileURLToPath(new URL('../src/pages', import.meta.url));

/**
 * Every route of this tree: the pages of src/pages and the redirects of
 * astro.config.mjs (a redirect answers 301 unless it names its status).
 */
export async function siteRoutes(): Promise<{ routes: string[]; redirects: Record<string, number> }> {
  const config = (await import('../astro.config.mjs')).default as {
    redirects?: Record<string, string | { status?: number }>;
  };
  const redirects = Object.fromEntries(
    Object.entries(config.redirects ?? {}).map(([from, to]) => [
      from,
      typeof to === 'string' ? 301 : (to.status ?? 301),
    ]),
  );
  const pages = pageRoutes(PAGES_DIR);
  return { routes: [...new Set([...pages, ...Object.keys(redirects)])].sort(), redirects };
}

/** The measured address and status of every route of this tree (siteRoutes). */
export async function sitePages(): Promise<BenchPage[]> {
  const { routes, redirects } = await siteRoutes();
  return benchPages(routes).map((p) => (redirects[p.route] ? { ...p, status: redirects[p.route] as number } : p));
}

/**
 * The pages budgeted as static (bench/RESULTS.md: ≤ 15 KB of JS, Lighthouse
 * 100, SEO 100): no island until the visitor asks. Every other page a browser
 * measures is budgeted as an island page (≤ 150 KB, accessibility ≥ 95).
 */
export const STATIC_ROUTES: readonly string[] = [
  '/product',
  '/square',
  '/groups',
  '/officialAccount',
  '/special',
  '/404',
];

export type BrowserKind = 'static' | 'island';
export interface BrowserPage extends BenchPage {
  kind: BrowserKind;
}

/**
 * The pages a browser measures (Lighthouse, page weight, the start-up's warm
 * pages): every HTML page a visitor is answered with, 200 or an error page's
 * own status. Redirects (the root, the console without its session) and
 * endpoints (the sitemap, robots.txt) are no page to load.
 */
export function browserPages(pages: readonly BenchPage[], htmlRoutes: readonly string[]): BrowserPage[] {
  const html = new Set(htmlRoutes);
  const missing = STATIC_ROUTES.filter((r) => !pages.some((p) => p.route === r && html.has(r)));
  if (missing.length) throw new Error(`bench/routes.ts: static pages that are no page: ${missing.join(', ')}`);
  return pages
    .filter((p) => html.has(p.route) && (p.status < 300 || p.status >= 400))
    .map((p) => ({ ...p, kind: STATIC_ROUTES.includes(p.route) ? 'static' : 'island' }));
}

/** browserPages of this tree. */
export async function siteBrowserPages(): Promise<BrowserPage[]> {
  return browserPages(await sitePages(), pageRoutes(PAGES_DIR, HTML_FILE));
}

/** The pages a fresh server answers 200 with no seeded data: what the start-up bench opens before idling. */
export function warmPages(pages: readonly BrowserPage[]): string[] {
  const none: Seeded = { picture: null, share: null };
  return pages.flatMap((p) => (p.status === 200 ? (fillPath(p, none) ?? []) : []));
}
