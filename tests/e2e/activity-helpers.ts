import type { BrowserContext } from '@playwright/test';
import { startOfDay } from '../../src/shared/site-time';

const HOUR = 3_600_000;

/** The instant `dayOffset` Asia/Shanghai days from today at hh:mm:ss. */
export function siteInstant(dayOffset: number, hour: number, minute = 0, second = 0): number {
  return startOfDay(Date.now(), 'Asia/Shanghai', dayOffset) + hour * HOUR + minute * 60_000 + second * 1000;
}

/**
 * Moves the server's clock for this browser context: pages and API calls send
 * the cookie, which the server honours only with NODE_ENV=test.
 */
export async function setServerClock(context: BrowserContext, baseURL: string, instant: number): Promise<void> {
  const value = String(Math.round(instant - Date.now()));
  await context.addCookies([{ name: 'test_clock_offset', value, url: baseURL }]);
}
