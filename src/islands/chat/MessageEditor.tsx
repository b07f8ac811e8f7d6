import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../components/Form';

export interface MessageEditorProps {
  initial: string;
  onSave(text: string): void;
  onCancel(): void;
}

/** The person's question opened for editing in place: Enter (or 保存并发送) resends, Esc cancels. */
export function MessageEditor({ initial, onSave, onCancel }: MessageEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const area = useRef<HTMLTextAreaElement>(null);
  const hint = useId();
  const changed = text.trim() !== '' && text.trim() !== initial.trim();

  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the box is re-measured whenever the text changes.
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 320)}px`;
  }, [text]);

  const save = () => {
    if (changed) onSave(text);
  };
  return (
    <Form
      className="ml-auto flex w-full max-w-[88%] flex-col gap-2 rounded-2xl bg-white p-3 shadow-sm ring-2 ring-brand-500 md:max-w-[80%] dark:bg-slate-900"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <textarea
        ref={area}
        value={text}
        rows={2}
        maxLength={8000}
        aria-label={t('edit.label')}
        aria-describedby={hint}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onCancel();
          } else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            save();
          }
        }}
        className="max-h-80 min-h-12 w-full resize-none bg-transparent px-1 text-[15px] leading-6 text-slate-900 outline-none dark:text-white"
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span id={hint} className="mr-auto text-xs text-slate-600 dark:text-slate-400">
          {t('edit.hint')}
        </span>
        <button
          type="button"
          onClick={onCancel}
          className="h-9 rounded-xl px-3 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          {t('edit.cancel')}
        </button>
        <button
          type="submit"
          disabled={!changed}
          className="h-9 rounded-xl bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50"
        >
          {t('edit.save')}
        </button>
      </div>
    </Form>
  );
}
