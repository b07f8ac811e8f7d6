import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';

/** Previous / next for a console list, with the page and the number of entries. */
export function Pager(p: { label: string; page: number; total: number; size: number; onPage: (n: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(p.total / p.size));
  return (
    <nav className="flex items-center gap-3 text-sm" aria-label={p.label}>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={p.page <= 1}
        onClick={() => p.onPage(p.page - 1)}
      >
        {t('admin:list.prev')}
      </button>
      <span>{t('admin:list.page', { page: p.page, total: p.total })}</span>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={p.page >= pages}
        onClick={() => p.onPage(p.page + 1)}
      >
        {t('admin:list.next')}
      </button>
    </nav>
  );
}
