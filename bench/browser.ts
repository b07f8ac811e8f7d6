import { existsSync } from 'node:fs';
import { type BrowserPage, fillPath, type Seeded } from './routes';
import type { Row } from './table';

/** Debian's full chromium (Lighthouse needs it), with the browser tests' flags: no browser download. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The one row a browser section (`section`) answers when there is no browser to run, or null. `npm test`
 * installs only the headless shell; without this, Lighthouse said only that CHROME_PATH "must be set" on every page.
 */
export function missingBrowser(section: string): Row[] | null {
  if (existsSync(CHROME_PATH)) return null;
  const note = `no browser at ${CHROME_PATH}: apt-get install chromium, or set CHROME_PATH`;
  return [{ name: section, value: 'not measured', budget: '', ok: false, note }];
}

export { BROWSER_ARGS as CHROME_FLAGS } from '../tests/e2e/browser';

export function pageUrl(base: string, page: string): string {
  return base + page;
}

/**
 * Whether the page answers a visitor as the route table says (bench/routes.ts): unknown paths
 * redirect to /404 (docs/routes-and-screens.md), error pages answer their own status.
 */
export async function answers(base: string, page: string, status: number): Promise<boolean> {
  const res = await fetch(pageUrl(base, page), { redirect: 'manual' });
  await res.arrayBuffer();
  return res.status === status;
}

/** The measured address of a page, or why it cannot be measured. */
export async function browserAddress(
  base: string,
  page: BrowserPage,
  seeded: Seeded,
): Promise<{ path: string } | { error: string }> {
  const path = fillPath(page, seeded);
  if (!path) return { error: 'its data was not seeded' };
  if (!(await answers(base, path, page.status))) return { error: `does not answer ${page.status}` };
  return { path };
}
