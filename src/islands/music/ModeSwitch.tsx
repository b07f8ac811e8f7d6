import { useTranslation } from 'react-i18next';

export type ComposeMode = 'inspiration' | 'custom';

/** Inspiration or custom mode: two radio buttons drawn as a pill switch. */
export function ModeSwitch({ mode, onChange }: { mode: ComposeMode; onChange: (mode: ComposeMode) => void }) {
  const { t } = useTranslation('music');
  return (
    <fieldset className="flex gap-1 rounded-full bg-slate-100 p-1 sm:w-80 dark:bg-slate-800">
      <legend className="sr-only">{t('mode.label')}</legend>
      {(['inspiration', 'custom'] as const).map((value) => (
        <label
          key={value}
          className="flex-1 cursor-pointer rounded-full px-4 py-1.5 text-center text-sm font-medium text-slate-600 transition-colors has-checked:bg-white has-checked:text-brand-700 has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-brand-500 dark:text-slate-300 dark:has-checked:bg-slate-900 dark:has-checked:text-brand-200"
        >
          <input
            type="radio"
            name="music-mode"
            value={value}
            checked={mode === value}
            onChange={() => onChange(value)}
            className="sr-only"
          />
          {t(`mode.${value}`)}
        </label>
      ))}
    </fieldset>
  );
}
