import { useTranslation } from 'react-i18next';
import type { PaymentRecordDto } from '../../../shared/contract/shop-payments-console';
import { yuan } from '../ui/format';
import { time } from './Orders';

/** What the payment service said of an order: each notify and query answer, with our verdict and its raw text. */
export function PaymentRecords({ records }: { records: PaymentRecordDto[] }) {
  const { t } = useTranslation();
  if (records.length === 0) return <p className="text-sm">{t('admin:payments.noRecords')}</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr>
          <th scope="col">{t('admin:audit.at')}</th>
          <th scope="col">{t('admin:orders.source')}</th>
          <th scope="col">{t('admin:payments.outcome')}</th>
          <th scope="col">{t('admin:user.price')}</th>
          <th scope="col">{t('admin:payments.raw')}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((r) => (
          <tr key={r.id} className="border-t border-slate-100 align-top dark:border-slate-800">
            <td className="whitespace-nowrap tabular-nums">{time(r.at)}</td>
            <td>{t(`admin:payments.source.${r.source}`)}</td>
            <td>
              {r.outcome}
              {r.review && (
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  {t(`admin:payments.review.${r.review}`)}
                  {r.reviewReason ? `: ${r.reviewReason}` : ''}
                </span>
              )}
            </td>
            <td className="tabular-nums">{r.amount === null ? '—' : yuan(r.amount)}</td>
            <td>
              <details>
                <summary className="cursor-pointer">{t('admin:payments.showRaw')}</summary>
                <pre className="max-w-xl whitespace-pre-wrap break-all font-mono text-xs">{r.raw}</pre>
              </details>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
