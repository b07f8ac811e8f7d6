import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { consoleCall } from '../../../lib/api';
import type { MissedPayment } from '../../../shared/contract/shop-payments-console';
import { StatusBadge } from '../../shop/StatusBadge';
import { card, yuan } from '../ui/format';
import { ReasonForm } from '../ui/ReasonForm';
import { time } from './Orders';
import { PaymentRecords } from './PaymentRecords';

/**
 * Payments a service reports that were not credited here, each with its
 * order's notifies and query answers; an admin credits one after review (a
 * reason and a fresh code) or dismisses it (a reason).
 */
export function MissedPayments({ role }: { role: string }) {
  const { t } = useTranslation();
  const [list, setList] = useState<MissedPayment[] | null>(null);
  const [error, setError] = useState('');
  const [acting, setActing] = useState<{ id: number; action: 'credit' | 'dismiss' } | null>(null);
  const [message, setMessage] = useState('');
  const load = useCallback(
    () =>
      void consoleCall('GET', '/admin/payments/missed').then((r) => {
        setList(r.ok ? r.data : null);
        setError(r.ok ? '' : r.result || t('admin:error'));
      }),
    [t],
  );
  useEffect(load, [load]);

  return (
    <section className={`${card} space-y-3`} aria-labelledby="missed-title">
      <h2 id="missed-title" className="font-semibold">
        {t('admin:payments.missed')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('admin:payments.missedAbout')}</p>
      {error && <p role="alert">{error}</p>}
      {message && <p role="status">{message}</p>}
      {list?.length === 0 && <p className="text-sm">{t('admin:payments.noMissed')}</p>}
      {list?.map((m) => (
        <article key={m.id} className="space-y-2 border-t border-slate-100 pt-3 dark:border-slate-800">
          <p className="text-sm">
            {m.orderStatus === null ? (
              <span className="font-mono">{m.orderNo}</span>
            ) : (
              <a className="font-mono underline" href={`/admin/orders/${m.orderNo}`}>
                {m.orderNo}
              </a>
            )}{' '}
            · {t(`admin:provider.${m.provider}`)} · {t(`admin:payments.source.${m.source}`)} · {m.outcome} ·{' '}
            {time(m.at)}
          </p>
          <p className="text-sm">
            {t('admin:payments.saysPaid', { amount: m.amount === null ? '—' : yuan(m.amount) })}{' '}
            {m.orderPrice === null
              ? t('admin:payments.noOrderHere')
              : t('admin:payments.price', { price: yuan(m.orderPrice) })}{' '}
            {m.orderStatus !== null && <StatusBadge status={m.orderStatus} />}
          </p>
          <div className="overflow-x-auto">
            <PaymentRecords records={m.records} />
          </div>
          {role === 'admin' && acting?.id !== m.id && (
            <div className="flex flex-wrap gap-2">
              {m.orderStatus !== null && (
                <button
                  type="button"
                  className={buttonClass('primary')}
                  onClick={() => setActing({ id: m.id, action: 'credit' })}
                >
                  {t('admin:payments.credit')}
                </button>
              )}
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => setActing({ id: m.id, action: 'dismiss' })}
              >
                {t('admin:payments.dismiss')}
              </button>
            </div>
          )}
          {acting?.id === m.id && (
            <ReasonForm
              withCode={acting.action === 'credit'}
              warning={acting.action === 'credit' ? t('admin:payments.creditWarning') : undefined}
              send={(f) =>
                acting.action === 'credit'
                  ? consoleCall('POST', `/admin/payments/missed/${m.id}/credit`, { ...f, code: f.code ?? '' })
                  : consoleCall('POST', `/admin/payments/missed/${m.id}/dismiss`, {
                      reason: f.reason,
                      requestId: f.requestId,
                    })
              }
              onDone={() => {
                setMessage(t(acting.action === 'credit' ? 'admin:payments.credited' : 'admin:payments.dismissed'));
                setActing(null);
                load();
              }}
              onCancel={() => setActing(null)}
            />
          )}
        </article>
      ))}
    </section>
  );
}
