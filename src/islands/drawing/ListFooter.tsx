import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../lib/api';

/** The end of an infinite list: the scroll sentinel, loading, retry, empty and end texts. */
export function ListFooter<T>({
  state,
  count,
  sentinel,
  onRetry,
  emptyText,
  loadingTiles,
}: {
  state: ListState<T>;
  count: number;
  sentinel: (el: HTMLElement | null) => void;
  onRetry: () => void;
  emptyText: string;
  /** Shown while the first page loads, in place of the loading text, so the page does not jump when it arrives. */
  loadingTiles?: ReactNode;
}) {
  const { t } = useTranslation('drawing');
  const loading = state.loading || state.pageNum === 0;
  const first = Boolean(loadingTiles) && loading && count === 0 && !state.error;
  let text = '';
  if (loading) text = t('list.loading');
  else if (state.lastPage && count === 0) text = emptyText;
  else if (state.lastPage) text = t('list.end');
  return (
    <>
      {first && loadingTiles}
      <div ref={sentinel} className="py-6 text-center text-sm text-slate-500 dark:text-slate-400" role="status">
        {state.error ? (
          <button type="button" className="underline" onClick={onRetry}>
            {t('list.retry')}
          </button>
        ) : first ? (
          <span className="sr-only">{text}</span>
        ) : (
          text
        )}
      </div>
    </>
  );
}
