/** Query parameters that only track the click, not the page. */
const TRACKING = /^(utm_\w+|spm|from|src|ref|fbclid|gclid|bd_\w+|share_token)$/i;

/**
 * The address two results of the same page share: scheme-less, host lower-case without www.,
 * no fragment, default port, trailing slash or tracking parameters, the rest sorted. Null when
 * it is no http(s) URL.
 */
export function normalisedUrl(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const params = [...u.searchParams]
    .filter(([k]) => !TRACKING.test(k))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = params.length ? `?${new URLSearchParams(params)}` : '';
  const path = u.pathname.replace(/\/+$/, '').replace(/\/index\.html?$/i, '');
  return `${u.hostname.toLowerCase().replace(/^www\./, '')}${u.port ? `:${u.port}` : ''}${path}${query}`;
}

/** The first of each page (by normalised URL), in the service's order. */
export function dedupByUrl<T extends { url: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = normalisedUrl(item.url);
    if (key === null || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
