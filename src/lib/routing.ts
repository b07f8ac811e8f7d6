/**
 * Pure routing decisions shared by the inline head script, the layout and tests.
 * hashRedirectTarget and guardTarget are serialised into an inline script
 * (see head-script.ts), so they must not reference anything outside their body.
 */

/** Routes of the old hash router whose `#/…` links still circulate in shares and bookmarks. */
export const LEGACY_HASH_ROUTES = ['sd', 'draw', 'activities', 'product', 'groups', 'officialAccount'] as const;

/** Plain path (query kept) for an old `#/route` hash, or null when the hash is not one of them. */
export function hashRedirectTarget(hash: string): string | null {
  const match = /^#\/(sd|draw|activities|product|groups|officialAccount)\/?(\?[^#]*)?$/.exec(hash);
  return match ? `/${match[1]}${match[2] ?? ''}` : null;
}

/** Navigation guard: without a login token the /500 page sends the visitor to Root (docs/routes-and-screens.md). */
export function guardTarget(path: string, hasToken: boolean): string | null {
  if (hasToken) return null;
  return path.replace(/\/+$/, '') === '/500' ? '/' : null;
}

/**
 * The `lang` cookie to write back when the stored language (appSetting.language) has lost its
 * cookie (cookies cleared, another domain), else null; the server renders from the cookie.
 * Serialised into the head script too: self-contained.
 */
export function lostLanguageCookie(language: unknown, cookie: string): string | null {
  if (language !== 'zh-CN' && language !== 'en-US' && language !== 'zh-TW') return null;
  if (/(?:^|;\s*)lang=/.test(cookie)) return null;
  return `lang=${language}; path=/; max-age=31536000; SameSite=Lax`;
}

/** Whether a nav entry owning the `prefixes` sections is the current page. */
export function isActivePath(pathname: string, prefixes: readonly string[]): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
