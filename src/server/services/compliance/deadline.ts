import { endOfDay, startOfDay, wallTime } from '../../../shared/site-time';

/**
 * The end of the `days`-th working day after the one holding `ms`, in the site's time zone: a
 * complaint filed on Friday with 3 days is due at the end of Wednesday. Weekends are skipped;
 * public holidays are not known here (the console's number can allow for them).
 */
export function workingDeadline(ms: number, days: number, timeZone: string): Date {
  let offset = 0;
  for (let counted = 0; counted < days; ) {
    offset++;
    const w = wallTime(startOfDay(ms, timeZone, offset), timeZone);
    const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
    if (weekday !== 0 && weekday !== 6) counted++;
  }
  return new Date(endOfDay(ms, timeZone, offset));
}
