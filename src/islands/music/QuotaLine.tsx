import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { openLogin } from '../../lib/login-event';
import { Icon } from './icons';
import { PACKS_URL } from './types';
import type { QuotaState } from './use-quota';

/** Login invitation, remaining count and cost, or the used-up message with the way to composition packs. */
export function QuotaLine({ loggedIn, state }: { loggedIn: boolean; state: QuotaState }) {
  const { t } = useTranslation('music');
  if (!loggedIn) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
        <span>{t('login.needed')}</span>
        <button type="button" className={buttonClass('secondary', 'py-1.5')} onClick={() => openLogin()}>
          {t('login.action')}
        </button>
      </div>
    );
  }
  if (state.status !== 'ready') {
    return (
      <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
        {t('quota.loading')}
      </p>
    );
  }
  const { quota } = state;
  if (quota.total <= 0) {
    return (
      <div
        role="alert"
        className="flex flex-col gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 sm:flex-row sm:items-center dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-900"
      >
        <Icon name="info" className="size-5 shrink-0" />
        <div className="flex-1">
          <p className="font-medium">{t('quota.emptyTitle')}</p>
          <p>{t('quota.emptyText')}</p>
        </div>
        <a href={PACKS_URL} className={buttonClass('primary', 'shrink-0')}>
          {t('quota.buy')}
        </a>
      </div>
    );
  }
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      <strong className="font-semibold text-slate-900 dark:text-white">
        {t('quota.left', { total: quota.total })}
      </strong>
      <span className="mx-1.5" aria-hidden="true">
        ·
      </span>
      {t('quota.detail', { free: quota.freeLeft, balance: quota.balance })}
      <span className="mx-1.5" aria-hidden="true">
        ·
      </span>
      {t('quota.cost', { cost: quota.cost })}
    </p>
  );
}
