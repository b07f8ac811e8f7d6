import { dayKey, endOfDay, startOfDay, wallTime } from '../../../shared/site-time';
import { isWorkingDay, NO_CALENDAR } from '../../../shared/work-calendar';

/**
 * The end of the `days`-th working day after the one holding `ms`, in the site's time zone: a
 * complaint filed on Friday with 3 days is due at the end of Wednesday. Weekends and the
 * console's public holidays are skipped; its make-up working days (调休) count.
 */
export function workingDeadline(ms: number, days: number, timeZone: string, calendar = NO_CALENDAR): Date {
  let offset = 0;
  for (let counted = 0; counted < days; ) {
    offset++;
    const day = startOfDay(ms, timeZone, offset);
    const w = wallTime(day, timeZone);
    const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
    if (isWorkingDay(dayKey(day, timeZone), weekday, calendar)) counted++;
  }
  return new Date(endOfDay(ms, timeZone, offset));
}
