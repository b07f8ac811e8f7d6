import { Icon } from '../../components/conversation/icons';

export interface WelcomeProps {
  title: string;
  body: string;
  suggestions?: string[];
  /** Absent when rendered on the server as the island's fallback: the buttons wake up with the island. */
  onPick?: (text: string) => void;
}

/** The empty conversation's greeting; the page renders it too, so the text paints before hydration. */
export function Welcome({ title, body, suggestions = [], onPick }: WelcomeProps) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg">
        <Icon name="chat" className="size-7" />
      </span>
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{body}</p>
      {suggestions.length > 0 && (
        <div className="grid w-full gap-2 sm:grid-cols-2">
          {suggestions.map((s) => (
            <button
              key={s}
              type="button"
              onClick={() => onPick?.(s)}
              className="rounded-xl bg-white px-4 py-3 text-left text-sm text-slate-700 ring-1 ring-slate-200 hover:ring-brand-300 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-800"
            >
              {s}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
