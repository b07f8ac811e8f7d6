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

/** Whether a nav entry owning the `prefixes` sections is the current page. */
export function isActivePath(pathname: string, prefixes: readonly string[]): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
