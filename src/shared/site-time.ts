/**
 * Wall-clock arithmetic in the site's time zone (Asia/Shanghai by default),
 * shared by the server and the browser. Instants are epoch milliseconds; the
 * zone is an IANA name. Framework-free and dependency-free: Intl only.
 */

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock reading of instant `ms` in `timeZone`. */
export function wallTime(ms: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

function asUtc(w: WallTime): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/** Offset of `timeZone` from UTC at instant `ms`, in milliseconds (east positive). */
export function zoneOffset(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return asUtc(wallTime(whole, timeZone)) - whole;
}

/**
 * The instant a wall-clock time happens in `timeZone`. Day and month overflow
 * normalise (day 32 is the 1st of the next month). A time repeated by a DST
 * change resolves to its earlier instant; a skipped one moves forward by the
 * jump (02:30 → 03:30), as Temporal's "compatible" choice does.
 */
export function zonedInstant(w: WallTime, timeZone: string): number {
  const guess = asUtc(w);
  const before = guess - zoneOffset(guess - 43_200_000, timeZone);
  const after = guess - zoneOffset(guess + 43_200_000, timeZone);
  const valid = [before, after].filter((ms) => asUtc(wallTime(ms, timeZone)) === guess);
  return valid.length > 0 ? Math.min(...valid) : Math.max(before, after);
}

/** The calendar day of `ms` in `timeZone`, as YYYY-MM-DD. */
export function dayKey(ms: number, timeZone: string): string {
  const w = wallTime(ms, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** Start of the local day that is `offsetDays` after the one holding `ms`. */
export function startOfDay(ms: number, timeZone: string, offsetDays = 0): number {
  const w = wallTime(ms, timeZone);
  return zonedInstant(
    { year: w.year, month: w.month, day: w.day + offsetDays, hour: 0, minute: 0, second: 0 },
    timeZone,
  );
}

/** The last millisecond of the local day holding `ms` (plus `extraDays` whole days). */
export function endOfDay(ms: number, timeZone: string, extraDays = 0): number {
  return startOfDay(ms, timeZone, extraDays + 1) - 1;
}

/** The instant of `hour`:00 on the local day holding `ms`. */
export function atHour(ms: number, timeZone: string, hour: number): number {
  const w = wallTime(ms, timeZone);
  return zonedInstant({ year: w.year, month: w.month, day: w.day, hour, minute: 0, second: 0 }, timeZone);
}

export interface Countdown {
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole hours, minutes and seconds left, rounding up so 0 appears only when the time has come. */
export function countdown(msLeft: number): Countdown {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** hh:mm:ss, each part two digits at least. */
export function formatCountdown(msLeft: number): string {
  const c = countdown(msLeft);
  return [c.hours, c.minutes, c.seconds].map((n) => String(n).padStart(2, '0')).join(':');
}
