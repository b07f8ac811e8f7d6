import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $quota } from './chat-state';

/** Free messages left today, or the membership end date for members. */
export function QuotaBadge() {
  const { t } = useTranslation();
  const quota = useStore($quota);
  if (!quota) return null;
  if (quota.member)
    return (
      <span data-testid="quota">
        {quota.endDate ? t('quota.memberUntil', { date: quota.endDate.slice(0, 10) }) : t('quota.member')}
      </span>
    );
  if (quota.remaining === null) return null;
  return (
    <span data-testid="quota" className={quota.remaining === 0 ? 'text-amber-600 dark:text-amber-400' : ''}>
      {t('quota.left', { n: quota.remaining, limit: quota.limit })}{' '}
      {quota.remaining <= 3 && (
        <a
          href="/product"
          className="font-medium text-brand-600 underline-offset-2 hover:underline dark:text-brand-300"
        >
          {t('quota.upgrade')}
        </a>
      )}
    </span>
  );
}
