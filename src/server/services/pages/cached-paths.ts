/**
 * The pages served from the page cache (services/pages/page-cache.ts): the
 * same HTML for every visitor of one language, whatever their login or theme
 * (user state lives in the browser). A page opts in with one line: its path
 * and the query parameters it reads; a request with any other parameter is
 * rendered afresh, so junk queries cannot fill the cache.
 */
export interface CachedPath {
  path: RegExp;
  query?: readonly string[];
}

export const CACHED_PATHS: readonly CachedPath[] = [
  { path: /^\/product$/, query: ['type'] },
  { path: /^\/groups$/ },
  { path: /^\/test$/ },
  { path: /^\/officialAccount$/ },
  { path: /^\/special$/ },
  { path: /^\/square$/, query: ['page'] },
  { path: /^\/square\/[a-z0-9]{1,40}$/ },
  { path: /^\/songsDetail$/, query: ['id'] },
  { path: /^\/app\/store$/ },
  { path: /^\/chat(?:\/\d{1,16})?$/ },
  { path: /^\/draw$/, query: ['from', 'id'] },
  { path: /^\/order$/ },
  // Changes to a share (listed, revoked) announce themselves (services/chat/shares.ts).
  { path: /^\/share\/[A-Za-z0-9_-]{1,40}$/ },
];

/** Whether this URL's page may come from the cache. */
export function isCachedPath(url: URL): boolean {
  const page = CACHED_PATHS.find((p) => p.path.test(url.pathname));
  if (!page) return false;
  for (const name of url.searchParams.keys()) if (!page.query?.includes(name)) return false;
  return true;
}
