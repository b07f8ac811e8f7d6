import { Icon } from '../../components/conversation/icons';

/** The toggle of a folded block under an answer (reasoning, a tool step): its label, a pulse while busy, a chevron. */
export function FoldButton(p: { open: boolean; onToggle: () => void; controls: string; busy: boolean; label: string }) {
  return (
    <button
      type="button"
      aria-expanded={p.open}
      aria-controls={p.controls}
      onClick={p.onToggle}
      className="inline-flex items-center gap-1.5 rounded-lg bg-slate-100 px-2.5 py-1 text-xs text-slate-700 transition-colors hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-slate-700"
    >
      {p.busy && (
        <span
          aria-hidden="true"
          className="size-1.5 animate-pulse rounded-full bg-brand-500 motion-reduce:animate-none"
        />
      )}
      {p.label}
      <Icon
        name="chevronDown"
        className={`size-3.5 transition-transform motion-reduce:transition-none ${p.open ? 'rotate-180' : ''}`}
      />
    </button>
  );
}
