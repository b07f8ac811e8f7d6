import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { SvgIcon } from '../../components/SvgIcon';

/** 'registered successfully' with a 'go login' button (docs/reply-codes.md). */
export function RegisterSuccess({ email, onGoLogin }: { email: string; onGoLogin: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex flex-col items-center py-6 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-emerald-50 text-emerald-600 dark:bg-emerald-950/60 dark:text-emerald-400">
        <SvgIcon name="success" className="size-8" />
      </span>
      <p className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{t('account:register.success')}</p>
      <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">
        {t('account:register.successBody', { email })}
      </p>
      <button
        type="button"
        onClick={onGoLogin}
        className={buttonClass('primary', 'mt-6 min-w-40 py-2.5')}
        // biome-ignore lint/a11y/noAutofocus: the form that had focus is gone; the next step is this button.
        autoFocus
      >
        {t('account:register.goLogin')}
      </button>
    </div>
  );
}
