import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FoldButton } from './FoldButton';

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
      <FoldButton open={open} onToggle={() => setOpen(!open)} controls={id} busy={thinking} label={label} />
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
