/** Class lists shared by the account forms, matching the layout's brand styles. */
export const labelClass = 'block text-sm font-medium text-slate-700 dark:text-slate-200';

export function inputClass(invalid: boolean): string {
  const ring = invalid
    ? 'border-red-500 focus:border-red-500 focus:ring-red-500/30 dark:border-red-400'
    : 'border-slate-300 focus:border-brand-500 focus:ring-brand-500/25 dark:border-slate-700 dark:focus:border-brand-400';
  return `block w-full min-w-0 rounded-xl border bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-xs outline-none transition-colors placeholder:text-slate-400 focus:ring-4 focus-visible:outline-none dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500 ${ring}`;
}

export const errorClass = 'mt-1.5 text-xs leading-5 text-red-600 dark:text-red-400';

export const linkClass = 'rounded font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300';

export const textButtonClass =
  'rounded text-sm font-medium text-brand-700 underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:opacity-60 dark:text-brand-300';

export const formAlertClass =
  'flex items-start gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300';
