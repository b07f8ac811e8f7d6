import { useTranslation } from 'react-i18next';
import { pageWindow } from './page-window';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

const ITEM =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-full px-3 text-sm font-medium tabular-nums transition-colors disabled:cursor-not-allowed disabled:opacity-50';
const IDLE = 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';
const CURRENT = 'bg-brand-600 text-white shadow-sm';

/** Numbered pages with previous/next; shows the total, and the numbers only when there is more than one page. */
export function Pager({ page, pageSize, total, onChange }: PagerProps) {
  const { t } = useTranslation('shop');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('pager.total', { total })}</p>
      {pages > 1 && (
        <nav aria-label={t('pager.label')}>
          <ul className="flex flex-wrap items-center gap-1">
            <li>
              <button
                type="button"
                className={`${ITEM} ${IDLE}`}
                disabled={page <= 1}
                onClick={() => onChange(page - 1)}
              >
                {t('pager.prev')}
              </button>
            </li>
            {pageWindow(page, pages).map((p, i) =>
              p === null ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their position.
                <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500 dark:text-slate-400">
                  …
                </li>
              ) : (
                <li key={p}>
                  <button
                    type="button"
                    className={`${ITEM} ${p === page ? CURRENT : IDLE}`}
                    aria-current={p === page ? 'page' : undefined}
                    aria-label={t('pager.page', { page: p })}
                    onClick={() => p !== page && onChange(p)}
                  >
                    {p}
                  </button>
                </li>
              ),
            )}
            <li>
              <button
                type="button"
                className={`${ITEM} ${IDLE}`}
                disabled={page >= pages}
                onClick={() => onChange(page + 1)}
              >
                {t('pager.next')}
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
