/** The console's shared formatting: money, dates and the classes its cards and fields share. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);
export const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');
export const field =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-white';
export const card = 'rounded-2xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';
