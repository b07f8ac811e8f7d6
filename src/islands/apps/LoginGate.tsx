import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { openLogin } from '../../lib/login-event';
import { $token } from '../../stores/auth';

/** Applications belong to an account: visitors are asked to log in first. */
export function LoginGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const token = useStore($token);
  if (token) return <>{children}</>;
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-14 text-center ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <p className="text-slate-600 dark:text-slate-300">{t('apps.loginFirst')}</p>
      <button
        type="button"
        onClick={() => openLogin({ tab: 'password' })}
        className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t('apps.login')}
      </button>
    </div>
  );
}
