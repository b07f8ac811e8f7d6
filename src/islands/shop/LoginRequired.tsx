import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { SvgIcon } from '../../components/SvgIcon';
import { openLogin } from '../../lib/login-event';

/**
 * Visitors get the warning '您还没有登录，请登录后查看！' and nothing else (docs/routes-and-screens.md).
 * Also server-rendered and never hydrated for visitors (client:auth): the layout script
 * wires `data-open-login`, the click handler does the same once hydrated.
 */
export function LoginRequired({ className = '' }: { className?: string }) {
  const { t } = useTranslation('shop');
  return (
    <div
      role="alert"
      className={`flex flex-col items-start gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-900 dark:border-amber-400/20 dark:bg-amber-400/10 dark:text-amber-100 sm:flex-row sm:items-center ${className}`}
    >
      <SvgIcon name="warning" className="size-6 shrink-0 text-amber-600 dark:text-amber-400" />
      <p className="flex-1 text-sm font-medium">{t('orders.needLogin')}</p>
      <button
        type="button"
        className={buttonClass('primary')}
        data-open-login="password"
        onClick={() => openLogin({ tab: 'password' })}
      >
        {t('orders.login')}
      </button>
    </div>
  );
}
