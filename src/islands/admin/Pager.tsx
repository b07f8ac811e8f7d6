import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';

/** Previous / next for a console list page (`{ total, size }` of the API's list page). */
export function Pager({
  label,
  page,
  total,
  size,
  onPage,
}: {
  label: string;
  page: number;
  total: number;
  size: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav className="flex items-center gap-3 text-sm" aria-label={label}>
      <button type="button" className={buttonClass('secondary')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('admin:list.prev')}
      </button>
      <span>{t('admin:list.page', { page, total })}</span>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('admin:list.next')}
      </button>
    </nav>
  );
}
