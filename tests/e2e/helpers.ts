import { expect, type Page, type Request } from '@playwright/test';

/**
 * Islands render with an `ssr` attribute until hydrated; clicking earlier hits
 * dead HTML. The dialogs mounted on their event (src/lib/event-mount.ts) are no
 * islands: nothing of them exists until their event fires.
 */
export async function waitForHydration(page: Page): Promise<void> {
  // client:auth islands hydrate for members only (html[data-auth]).
  await expect(
    page.locator('astro-island[ssr]:not([client="auth"]), html[data-auth] astro-island[ssr][client="auth"]'),
  ).toHaveCount(0);
  // An island's first render waits for its texts (src/lib/island-texts.ts); a client-only one's fallback
  // leaves when it has rendered.
  await expect(page.locator('html[data-island-texts], [data-island-fallback]')).toHaveCount(0);
}

/** Path (and query) of a URL string, for matching requests regardless of origin. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * Holds the requests `url` matches (those `only` accepts) until the returned release is called, so what the
 * page shows before an answer, or before its scripts run, can be looked at.
 */
export async function holdRoute(
  page: Page,
  url: string | RegExp,
  only: (request: Request) => boolean = () => true,
): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (only(route.request())) await held;
    await route.continue();
  });
  return release;
}
