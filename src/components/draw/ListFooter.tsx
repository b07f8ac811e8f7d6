import { useTranslation } from 'react-i18next';
import type { ListState } from '../../lib/api';

/** The end of an infinite list: the scroll sentinel, loading, retry, empty and end texts. */
export function ListFooter<T>({
  state,
  count,
  sentinel,
  onRetry,
  emptyText,
}: {
  state: ListState<T>;
  count: number;
  sentinel: (el: HTMLElement | null) => void;
  onRetry: () => void;
  emptyText: string;
}) {
  const { t } = useTranslation('draw');
  let text = '';
  if (state.loading || state.pageNum === 0) text = t('list.loading');
  else if (state.lastPage && count === 0) text = emptyText;
  else if (state.lastPage) text = t('list.end');
  return (
    <div ref={sentinel} className="py-6 text-center text-sm text-slate-500 dark:text-slate-400" role="status">
      {state.error ? (
        <button type="button" className="underline" onClick={onRetry}>
          {t('list.retry')}
        </button>
      ) : (
        text
      )}
    </div>
  );
}
