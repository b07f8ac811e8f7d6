import { expect, type Page } from '@playwright/test';

/**
 * Islands render with an `ssr` attribute until hydrated; clicking earlier hits
 * dead HTML. `client:event` islands (the account dialog) hydrate only when
 * their event fires, so they are not waited for.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]:not([client="event"])')).toHaveCount(0);
}

/** Path (and query) of a URL string, for matching requests regardless of origin. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}
