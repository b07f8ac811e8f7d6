import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/Form';
import type { DrawQuota } from '../draw-api';

export interface PromptBoxProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  busy: boolean;
  quota: DrawQuota | null;
  /** Opens the settings drawer (shown on phones only). */
  onAdvanced: () => void;
  /** Extra fields under the prompt (the /sd page). */
  children?: ReactNode;
}

function QuotaLine({ quota }: { quota: DrawQuota }) {
  const { t } = useTranslation('drawing');
  const until = quota.endDate ? t('quota.memberUntil', { date: quota.endDate.slice(0, 10) }) : '';
  const left = quota.remaining === null ? '' : t('quota.left', { n: quota.remaining });
  return (
    <span data-draw-quota className="text-xs text-slate-500 dark:text-slate-400">
      {[left, until].filter(Boolean).join(' · ')}
    </span>
  );
}

/** The prompt, 'generate image', the day's allowance and the hints (docs/routes-and-screens.md). */
export function PromptBox({ value, onChange, onSubmit, busy, quota, onAdvanced, children }: PromptBoxProps) {
  const { t } = useTranslation('drawing');
  const id = useId();
  return (
    <Form
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={id} className="field-label">
        {t('prompt.label')}
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={2000}
        rows={4}
        placeholder={t('prompt.placeholder')}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onSubmit();
          }
        }}
        className="text-field mt-2 resize-y leading-6"
      />
      {children}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          aria-busy={busy}
          className="inline-flex items-center gap-2 rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
        >
          {busy && (
            <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none" />
          )}
          {t('generate')}
        </button>
        <button
          type="button"
          onClick={onAdvanced}
          className="rounded-full px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 md:hidden dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800"
        >
          {t('advanced')}
        </button>
        {quota && <QuotaLine quota={quota} />}
      </div>
      <ul className="mt-3 space-y-1 text-xs text-slate-500 dark:text-slate-400">
        <li>{t('hint.firstDraw')}</li>
        <li>{t('hint.noContext')}</li>
      </ul>
    </Form>
  );
}
