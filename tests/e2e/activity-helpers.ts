import { setTimeout as sleep } from 'node:timers/promises';
import { type BrowserContext, test } from '@playwright/test';
import { startOfDay } from '../../src/shared/site-time';

const HOUR = 3_600_000;

/** The instant `dayOffset` Asia/Shanghai days from today at hh:mm:ss. */
export function siteInstant(dayOffset: number, hour: number, minute = 0, second = 0): number {
  return startOfDay(Date.now(), 'Asia/Shanghai', dayOffset) + hour * HOUR + minute * 60_000 + second * 1000;
}

/**
 * The day's counts (drawings and songs left) start again at Asia/Shanghai midnight, 16:00 UTC: a test that
 * spends some and then reads what is left waits first when that midnight would fall within `spanMs`.
 */
export async function clearOfSiteMidnight(spanMs = 60_000): Promise<void> {
  const left = siteInstant(1, 0) - Date.now();
  if (left > spanMs) return;
  test.info().setTimeout(test.info().timeout + left + 1000);
  await sleep(left + 1000);
}

/**
 * Moves the server's clock for this browser context: pages and API calls send
 * the cookie, which the server honours only with NODE_ENV=test.
 */
export async function setServerClock(context: BrowserContext, baseURL: string, instant: number): Promise<void> {
  const value = String(Math.round(instant - Date.now()));
  await context.addCookies([{ name: 'test_clock_offset', value, url: baseURL }]);
}
