import { LANGUAGE_COOKIE, type Language } from '../../../shared/i18n';

/**
 * The pages served from the page cache (services/pages/page-cache.ts): the
 * same HTML for every visitor of one language, whatever their login or theme
 * (user state lives in the browser). A page opts in with one line: its path
 * and the query parameters it reads; a request with any other parameter is
 * rendered afresh, so junk queries cannot fill the cache.
 */
export interface CachedPath {
  path: RegExp;
  /** Parameters the server reads: each value is its own page. */
  query?: readonly string[];
  /** Parameters only the island reads (in the browser): allowed, and left out of the key. */
  browserQuery?: readonly string[];
  /** The key's path for every address of the page: a shell whose island reads the address (the path is not rendered). */
  shell?: string;
  /** The answer kept: 200 text/html unless the page says otherwise (its error status, another type). */
  status?: number;
  type?: string;
}

/** What a kept answer of a page must be: any other (a redirect, an error) is rendered every time. */
export interface PageKind {
  status: number;
  type: string;
}

export const CACHED_PATHS: readonly CachedPath[] = [
  { path: /^\/product$/, query: ['type'] },
  { path: /^\/groups$/ },
  { path: /^\/test$/ },
  { path: /^\/officialAccount$/ },
  { path: /^\/special$/ },
  { path: /^\/square$/, query: ['kind', 'page'] },
  { path: /^\/square\/[a-z0-9]{1,40}$/ },
  { path: /^\/songsDetail$/, query: ['id'] },
  { path: /^\/app\/store$/ },
  { path: /^\/chat(?:\/\d{1,16})?$/ },
  { path: /^\/draw$/, query: ['from', 'id'] },
  { path: /^\/order$/ },
  // Client-only islands behind a skeleton: what is personal loads in the browser.
  { path: /^\/music$/, browserQuery: ['like'] },
  // 'Make the same' on the square opens /video?prompt=…: the island reads it.
  { path: /^\/video$/, browserQuery: ['prompt'] },
  { path: /^\/activities$/ },
  // The signed-in user's own pages load everything in the browser: their HTML is everyone's.
  { path: /^\/(?:credits|invite|knowledge)$/ },
  // The complaint desk shows the console's handling time: a settings change drops every page.
  { path: /^\/complaint$/ },
  { path: /^\/gallery$/ },
  { path: /^\/midjourney$/ },
  { path: /^\/sd$/ },
  { path: /^\/chat\/history$/ },
  { path: /^\/myapplication$/ },
  { path: /^\/createApplication$/ },
  { path: /^\/modifyApplication$/, query: ['id'] },
  { path: /^\/(?:terms|privacy|offline)$/ },
  // Where every unknown address and the console (without its session) lead; the same page for all.
  { path: /^\/404$/, status: 404 },
  { path: /^\/500$/, status: 500 },
  // Also what a taken-down picture's page rewrites to: that page is decided per request, /gone's body kept.
  { path: /^\/gone$/, status: 410 },
  // Its pictures and shares announce their changes (miaobi_square, miaobi_files, miaobi_pages).
  { path: /^\/sitemap\.xml$/, type: 'application/xml' },
  { path: /^\/robots\.txt$/, type: 'text/plain' },
  // Personal links (an e-mailed code, one-time sandbox keys): one shell per language, the island reads the
  // address and asks the API (which checks the keys); the personal parameters never reach the key.
  { path: /^\/emailValidation$/, browserQuery: ['email', 'code', 'type'] },
  { path: /^\/pay\/sandbox\/[A-Za-z0-9]{1,40}$/, browserQuery: ['key'], shell: '/pay/sandbox/{orderNo}' },
  { path: /^\/wx\/sandbox\/[0-9a-f]{16}$/, browserQuery: ['key'], shell: '/wx/sandbox/{qrcodeSocket}' },
  // Changes to a share (listed, revoked) announce themselves (services/chat/shares.ts).
  { path: /^\/share\/[A-Za-z0-9_-]{1,40}$/ },
];

const pageOf = (url: URL) => CACHED_PATHS.find((p) => p.path.test(url.pathname));

/** The status and type a kept answer of this URL's page has. */
export function pageKind(url: URL): PageKind {
  const page = pageOf(url);
  return { status: page?.status ?? 200, type: page?.type ?? 'text/html' };
}

/** Whether this URL's page may come from the cache. */
export function isCachedPath(url: URL): boolean {
  const page = pageOf(url);
  if (!page) return false;
  for (const name of url.searchParams.keys()) {
    if (!page.query?.includes(name) && !page.browserQuery?.includes(name)) return false;
  }
  return true;
}

/**
 * A request the shared cache may answer: no credentials and no cookie but the
 * language's. Anything else (the console's session, an Authorization header)
 * is rendered for that request alone.
 */
export function isSharedRequest(header: (name: string) => string | null | undefined): boolean {
  if (header('authorization')) return false;
  const cookie = header('cookie');
  if (!cookie) return true;
  return cookie.split(';').every((part) => {
    const name = part.split('=', 1)[0]?.trim() ?? '';
    return name === '' || name === LANGUAGE_COOKIE;
  });
}

export function isCacheable(request: Request, url: URL): boolean {
  // The headers first: a request with a session is told apart without scanning the list of paths.
  return request.method === 'GET' && isSharedRequest((name) => request.headers.get(name)) && isCachedPath(url);
}

/**
 * What a page depends on: its language and its URL, without the parameters
 * only its island reads, and a shell's one path for all its addresses.
 */
export function pageKey(lang: Language, url: URL): string {
  const page = pageOf(url);
  const path = page?.shell ?? url.pathname;
  const browserOnly = page?.browserQuery;
  if (!browserOnly?.some((name) => url.searchParams.has(name))) return `${lang}|${path}${url.search}`;
  const kept = new URLSearchParams([...url.searchParams].filter(([name]) => !browserOnly.includes(name)));
  const search = kept.size ? `?${kept}` : '';
  return `${lang}|${path}${search}`;
}
