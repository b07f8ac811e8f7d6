import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/conversation/icons';

export interface ReasoningProps {
  /** The model's reasoning, shown as plain text (never as HTML or Markdown). */
  text: string;
  /** The model is still thinking: no answer text yet. */
  thinking: boolean;
  /** How long it thought, once known. */
  thinkMs?: number;
}

/**
 * The "思考过程" block above an answer: open while the model thinks, folded once the answer
 * begins (showing how long it thought); the person opens and closes it at will.
 */
export function Reasoning({ text, thinking, thinkMs }: ReasoningProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(thinking);
  const id = useId();
  useEffect(() => setOpen(thinking), [thinking]);
  const label = thinking
    ? t('reasoning.thinking')
    : thinkMs === undefined
      ? t('reasoning.title')
      : t('reasoning.done', { s: Math.max(1, Math.round(thinkMs / 1000)) });
  return (
    <div className="mb-2" data-reasoning>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-1.5 rounded-lg bg-slate-100 px-2.5 py-1 text-xs text-slate-700 transition-colors hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-slate-700"
      >
        {thinking && (
          <span
            aria-hidden="true"
            className="size-1.5 animate-pulse rounded-full bg-brand-500 motion-reduce:animate-none"
          />
        )}
        {label}
        <Icon
          name="chevronDown"
          className={`size-3.5 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <section
        id={id}
        hidden={!open}
        aria-label={t('reasoning.title')}
        className="mt-2 whitespace-pre-wrap break-words border-l-2 border-slate-200 pl-3 text-sm leading-6 text-slate-600 dark:border-slate-700 dark:text-slate-400"
        data-reasoning-text
      >
        {text}
      </section>
    </div>
  );
}
