import { useTranslation } from 'react-i18next';
import { OrderStatus } from '../../shared/shop';
import { statusKey } from './format';

const TONES: Record<number, string> = {
  [OrderStatus.PAID]: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-300',
  [OrderStatus.FREE]: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-300',
  [OrderStatus.TO_PAY]: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-400/10 dark:text-amber-300',
  [OrderStatus.PAYING]: 'bg-brand-50 text-brand-700 ring-brand-600/20 dark:bg-brand-400/10 dark:text-brand-200',
  [OrderStatus.REFUNDED]: 'bg-violet-50 text-violet-700 ring-violet-600/20 dark:bg-violet-400/10 dark:text-violet-300',
  [OrderStatus.PARTLY_REFUNDED]:
    'bg-violet-50 text-violet-700 ring-violet-600/20 dark:bg-violet-400/10 dark:text-violet-300',
  [OrderStatus.FAILED]: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-400/10 dark:text-red-300',
};
const NEUTRAL = 'bg-slate-100 text-slate-600 ring-slate-500/20 dark:bg-slate-400/10 dark:text-slate-300';

/** Status text as a coloured pill; unknown codes render nothing (docs/state-machines.md). */
export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const key = statusKey(status);
  if (!key) return null;
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[status] ?? NEUTRAL}`}
    >
      {t(key)}
    </span>
  );
}
