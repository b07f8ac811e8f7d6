/**
 * The server's clock as the activity sees it. Tests move it per request: a
 * signed millisecond offset in the `x-test-clock-offset` header or the
 * `test_clock_offset` cookie shifts "now", so a page and the API calls it
 * makes agree. Honoured only when NODE_ENV is `test`; production ignores both.
 */
export const TEST_CLOCK_HEADER = 'x-test-clock-offset';
export const TEST_CLOCK_COOKIE = 'test_clock_offset';

/** At most a year either way: enough for any test, useless as an attack. */
const MAX_OFFSET_MS = 366 * 86_400_000;

export function clockOffset(nodeEnv: string, asked: string | null | undefined): number {
  if (nodeEnv !== 'test' || !asked) return 0;
  if (!/^[+-]?\d{1,12}$/.test(asked.trim())) return 0;
  const offset = Number(asked.trim());
  return Math.abs(offset) <= MAX_OFFSET_MS ? offset : 0;
}

/** `test_clock_offset=…` out of a Cookie header, if present. */
export function cookieOffset(cookieHeader: string | null | undefined): string | undefined {
  const m = new RegExp(`(?:^|;\\s*)${TEST_CLOCK_COOKIE}=([^;]*)`).exec(cookieHeader ?? '');
  return m?.[1] ? decodeURIComponent(m[1]) : undefined;
}

/** Now for one request: real time, shifted in tests by the header or else the cookie. */
export function requestNow(nodeEnv: string, headers: Headers, real = Date.now()): number {
  const asked = headers.get(TEST_CLOCK_HEADER) ?? cookieOffset(headers.get('cookie'));
  return real + clockOffset(nodeEnv, asked);
}
