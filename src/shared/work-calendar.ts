/**
 * The year's public holidays and make-up working days (调休), as the console writes them
 * (setting COMPLAINT_CALENDAR, docs/compliance.md): entries separated by commas, spaces or new
 * lines; `2026-10-01` is a holiday, `2026-10-01..2026-10-08` a run of them (both ends included),
 * `+2026-09-28` a weekend day that is worked. Empty: weekends only.
 */
export interface WorkCalendar {
  holidays: ReadonlySet<string>;
  workdays: ReadonlySet<string>;
}

export const NO_CALENDAR: WorkCalendar = { holidays: new Set(), workdays: new Set() };

const DAY = 86_400_000;
/** Longest run one entry may name: a year. */
const MAX_RUN_DAYS = 366;
const ENTRY = /^(\+)?(\d{4}-\d{2}-\d{2})(?:\.\.(\d{4}-\d{2}-\d{2}))?$/;

/** A real calendar date `YYYY-MM-DD` as UTC midnight, or null (2026-02-30 is none). */
function dateMs(day: string): number | null {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? null : ms;
}

/** The calendar the text describes, or null when an entry is malformed or a day is both kinds. */
export function parseWorkCalendar(text: string): WorkCalendar | null {
  const holidays = new Set<string>();
  const workdays = new Set<string>();
  for (const entry of text.split(/[\s,，、]+/).filter(Boolean)) {
    const m = ENTRY.exec(entry);
    const from = m?.[2] ? dateMs(m[2]) : null;
    const to = m?.[3] ? dateMs(m[3]) : from;
    if (!m || from === null || to === null || to < from || (to - from) / DAY >= MAX_RUN_DAYS) return null;
    for (let ms = from; ms <= to; ms += DAY) (m[1] ? workdays : holidays).add(new Date(ms).toISOString().slice(0, 10));
  }
  for (const day of workdays) if (holidays.has(day)) return null;
  return { holidays, workdays };
}

/** Whether a day (`YYYY-MM-DD`, its weekday 0–6) is worked: a weekday that is no holiday, or a make-up day. */
export function isWorkingDay(day: string, weekday: number, calendar: WorkCalendar): boolean {
  if (calendar.workdays.has(day)) return true;
  return weekday !== 0 && weekday !== 6 && !calendar.holidays.has(day);
}
