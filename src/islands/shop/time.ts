const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Creation times read 'YYYY-MM-DD HH:mm:ss' in the visitor's time
 * zone; '' when unreadable. Plain Date, so the orders page needs no date library (docs/routes-and-screens.md).
 */
export function formatTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return '';
  const date = `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
  return `${date} ${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`;
}

/** Milliseconds as 'mm:ss' (or 'h:mm:ss' from an hour), never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const mmss = `${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}
