import { useTranslation } from 'react-i18next';
import type { Withdrawal } from './referral-api';
import { yuan } from './referral-api';

/** The caller's withdrawal requests with their status, and a rejection's reason. */
export function Withdrawals({ records }: { records: Withdrawal[] }) {
  const { t } = useTranslation();
  if (records.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">{t('history.empty')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="withdrawals">
        <thead>
          <tr>
            {['date', 'amount', 'method', 'status', 'reason'].map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap pe-3 font-medium">
                {t(`history.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {records.map((w) => (
            <tr key={w.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className="pe-3">{w.createdAt.slice(0, 10)}</td>
              <td className="pe-3">¥{yuan(w.amount)}</td>
              <td className="pe-3">{t(`withdraw.method.${w.method}`)}</td>
              <td className="pe-3">{t(`status.${w.status}`)}</td>
              <td className="pe-3">{w.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
