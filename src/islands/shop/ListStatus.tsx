import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { SvgIcon } from '../../components/SvgIcon';

/** Placeholder rows while the first page loads; sized like the real ones so nothing jumps. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="divide-y divide-slate-100 dark:divide-slate-800" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
        <div key={i} className="flex items-center gap-4 px-4 py-4">
          <div className="h-4 w-1/4 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
          <div className="h-4 flex-1 animate-pulse rounded bg-slate-100 motion-reduce:animate-none dark:bg-slate-800/70" />
          <div className="h-4 w-16 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
        </div>
      ))}
    </div>
  );
}

/** List failures are quiet; an inline 'load failed — retry' (docs/reply-codes.md). */
export function ListFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 px-4 py-12 text-sm text-slate-600 dark:text-slate-400"
    >
      <p>{t('list.loadFailed')}</p>
      <button type="button" className={buttonClass('secondary')} onClick={onRetry}>
        <SvgIcon name="refresh" className="size-4" />
        {t('list.retry')}
      </button>
    </div>
  );
}

export function ListEmpty({ searching }: { searching: boolean }) {
  const { t } = useTranslation('shop');
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-14 text-center">
      <SvgIcon name="receipt" className="size-10 text-slate-300 dark:text-slate-600" />
      <p className="font-medium text-slate-900 dark:text-white">
        {searching ? t('orders.emptySearch') : t('orders.empty')}
      </p>
      {!searching && (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('orders.emptyHint')}</p>
          <a href="/product" className={buttonClass('primary', 'mt-3')}>
            {t('orders.browse')}
          </a>
        </>
      )}
    </div>
  );
}
