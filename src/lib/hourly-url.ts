/**
 * Adds an hourly cache-busting parameter to an image address (docs/routes-and-screens.md group
 * page): browsers and CDNs fetch the group QR image afresh every hour, since
 * group QR codes are replaced often. Paths stay paths; URLs keep their query.
 */
export function hourlyUrl(src: string, now: number, param = 't'): string {
  const hour = Math.floor(now / 3_600_000);
  const [base = '', hash] = src.split('#', 2);
  const joined = `${base}${base.includes('?') ? '&' : '?'}${param}=${hour}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
