import dayjs from 'dayjs';

/** SPEC §2: creation times read 'YYYY-MM-DD HH:mm:ss' in the visitor's time zone; '' when unreadable. */
export function formatTime(iso: string): string {
  const time = dayjs(iso);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : '';
}

/** Milliseconds as 'mm:ss' (or 'h:mm:ss' from an hour), never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}
