import { describe, expect, it } from 'vitest';
import {
  atHour,
  countdown,
  dayKey,
  endOfDay,
  formatCountdown,
  isTimeZone,
  startOfDay,
  wallTime,
  zonedInstant,
} from '../../src/shared/site-time';

const SH = 'Asia/Shanghai';
const utc = (iso: string) => Date.parse(iso);

describe('site wall clock', () => {
  it('reads Shanghai time from any instant, across the UTC date line', () => {
    // 2026-03-01 17:30 UTC is already 2 March 01:30 in Shanghai.
    const ms = utc('2026-03-01T17:30:00Z');
    expect(wallTime(ms, SH)).toEqual({ year: 2026, month: 3, day: 2, hour: 1, minute: 30, second: 0 });
    expect(dayKey(ms, SH)).toBe('2026-03-02');
    expect(dayKey(ms, 'America/Los_Angeles')).toBe('2026-03-01');
  });

  it('finds 12:00 of the local day, whatever zone the server runs in', () => {
    expect(atHour(utc('2026-03-01T17:30:00Z'), SH, 12)).toBe(utc('2026-03-02T04:00:00Z'));
    expect(atHour(utc('2026-03-01T03:59:59Z'), SH, 12)).toBe(utc('2026-03-01T04:00:00Z'));
  });

  it('ends the day at the last millisecond before local midnight, across month ends', () => {
    expect(startOfDay(utc('2026-01-31T20:00:00Z'), SH, 0)).toBe(utc('2026-01-31T16:00:00Z'));
    expect(startOfDay(utc('2026-01-31T12:00:00Z'), SH, 1)).toBe(utc('2026-01-31T16:00:00Z'));
    expect(endOfDay(utc('2026-02-28T05:00:00Z'), SH)).toBe(utc('2026-02-28T15:59:59.999Z'));
    expect(endOfDay(utc('2026-12-31T05:00:00Z'), SH, 2)).toBe(utc('2027-01-02T15:59:59.999Z'));
  });

  it('handles daylight-saving zones: a 23-hour day and the gap', () => {
    const ny = 'America/New_York';
    // 2026-03-08: clocks jump from 02:00 to 03:00.
    const start = startOfDay(utc('2026-03-08T15:00:00Z'), ny);
    const next = startOfDay(utc('2026-03-08T15:00:00Z'), ny, 1);
    expect(next - start).toBe(23 * 3_600_000);
    expect(atHour(utc('2026-03-08T15:00:00Z'), ny, 12)).toBe(utc('2026-03-08T16:00:00Z'));
    const gap = zonedInstant({ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 }, ny);
    expect(wallTime(gap, ny).hour).toBe(3);
  });

  it('knows real zones only', () => {
    expect(isTimeZone(SH)).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('countdown', () => {
  it('counts whole seconds up, never shows 00:00:00 before the time', () => {
    expect(formatCountdown(1)).toBe('00:00:01');
    expect(formatCountdown(999)).toBe('00:00:01');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5000)).toBe('00:00:00');
    expect(countdown(3_600_000 * 11 + 59 * 60_000 + 59_000)).toEqual({ hours: 11, minutes: 59, seconds: 59 });
  });

  it('from just after midnight in Shanghai to 12:00 is twelve hours, wherever the visitor is', () => {
    const now = utc('2026-05-09T16:00:01Z'); // 00:00:01 on 10 May in Shanghai
    expect(formatCountdown(atHour(now, SH, 12) - now)).toBe('11:59:59');
    // The same instant seen from Los Angeles is still 9 May: the site's zone decides.
    expect(formatCountdown(atHour(now, 'America/Los_Angeles', 12) - now)).not.toBe('11:59:59');
  });
});
