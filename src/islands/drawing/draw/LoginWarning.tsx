import { useTranslation } from 'react-i18next';
import { openLogin } from '../../../lib/login-event';

/** A visitor is told to log in before drawing (docs/routes-and-screens.md). */
export function LoginWarning() {
  const { t } = useTranslation('drawing');
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-100 dark:ring-amber-500/30"
    >
      <span>{t('login.warning')}</span>
      <button type="button" className="font-medium underline" onClick={() => openLogin()}>
        {t('login.button')}
      </button>
    </div>
  );
}
