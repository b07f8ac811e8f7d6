import type { ReactNode } from 'react';

export const INPUT =
  'w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-950 dark:text-white';

/** A labelled field with a character count. */
export function Field({
  id,
  label,
  count,
  max,
  children,
  extra,
}: {
  id: string;
  label: string;
  count: number;
  max: number;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div>
      <div className="mb-1 flex items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        <span className="ml-auto text-xs tabular-nums text-slate-500 dark:text-slate-400">
          {count} / {max}
        </span>
        {extra}
      </div>
      {children}
    </div>
  );
}
