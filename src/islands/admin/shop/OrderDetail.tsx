import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleCall } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { ConsoleOrderDetail } from '../../../shared/contract/shop-console';
import { StatusBadge } from '../../shop/StatusBadge';
import { card, yuan } from '../ui/format';
import { OrderActions } from './OrderActions';
import { time } from './Orders';
import { PaymentRecords } from './PaymentRecords';

function DetailView({ orderNo, role }: { orderNo: string; role: string }) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<ConsoleOrderDetail | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(
    () =>
      void consoleCall('GET', `/admin/orders/${orderNo}`).then((r) => {
        setOrder(r.ok ? r.data : null);
        setError(r.ok ? '' : r.result || t('admin:error'));
      }),
    [orderNo, t],
  );
  useEffect(load, [load]);
  if (error) return <p role="alert">{error}</p>;
  if (!order) return <p role="status">{t('admin:loading')}</p>;
  const status = (s: number | null) => (s === null ? '—' : t(`shop:status.${s}`));
  const facts: [string, string][] = [
    [t('admin:orders.email'), order.email ?? `#${order.userId}`],
    [t('admin:user.product'), `${order.orderDesc} (${order.productCode})`],
    [t('admin:user.price'), yuan(order.orderPrice)],
    [t('admin:orders.refunded'), yuan(order.refundedAmount)],
    [t('admin:orders.provider'), t(`admin:provider.${order.payProvider}`, { defaultValue: order.payProvider })],
    [t('admin:orders.tradeNo'), order.providerTradeNo ?? '—'],
    [t('admin:orders.created'), time(order.createdAt)],
    [t('admin:orders.paid'), time(order.paidAt)],
  ];
  return (
    <div className="space-y-4">
      <section className={card} aria-labelledby="order-facts">
        <h2 id="order-facts" className="mb-2 flex flex-wrap items-center gap-2 font-semibold">
          <span className="break-all font-mono text-sm">{order.orderNo}</span>
          <StatusBadge status={order.orderStatus} />
        </h2>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {facts.map(([k, v]) => (
            <div key={k} className="flex justify-between gap-3 border-b border-slate-100 py-1 dark:border-slate-800">
              <dt className="text-slate-600 dark:text-slate-300">{k}</dt>
              <dd className="min-w-0 break-all text-right">
                {k === t('admin:orders.email') ? (
                  <a className="underline" href={`/admin/users/${order.userId}`}>
                    {v}
                  </a>
                ) : (
                  v
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <OrderActions order={order} role={role} onDone={load} />
      <section className={`${card} overflow-x-auto`} aria-labelledby="order-history">
        <h2 id="order-history" className="mb-2 font-semibold">
          {t('admin:orders.history')}
        </h2>
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">{t('admin:audit.at')}</th>
              <th scope="col">{t('admin:orders.change')}</th>
              <th scope="col">{t('admin:orders.source')}</th>
              <th scope="col">{t('admin:orders.detail')}</th>
            </tr>
          </thead>
          <tbody>
            {order.history.map((h) => (
              <tr key={h.id} className="border-t border-slate-100 align-top dark:border-slate-800">
                <td className="whitespace-nowrap tabular-nums">{time(h.at)}</td>
                <td>
                  {status(h.fromStatus)} → {status(h.toStatus)}
                </td>
                <td>{h.source}</td>
                <td className="break-all">{h.detail ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className={`${card} overflow-x-auto`} aria-labelledby="order-payments">
        <h2 id="order-payments" className="mb-2 font-semibold">
          {t('admin:payments.records')}
        </h2>
        <PaymentRecords records={order.payments} />
      </section>
      {order.refunds.length > 0 && (
        <section className={`${card} overflow-x-auto`} aria-labelledby="order-refunds">
          <h2 id="order-refunds" className="mb-2 font-semibold">
            {t('admin:orders.refunds')}
          </h2>
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">{t('admin:orders.refundNo')}</th>
                <th scope="col">{t('admin:user.price')}</th>
                <th scope="col">{t('admin:user.status')}</th>
                <th scope="col">{t('admin:audit.reason')}</th>
                <th scope="col">{t('admin:audit.actor')}</th>
                <th scope="col">{t('admin:audit.at')}</th>
              </tr>
            </thead>
            <tbody>
              {order.refunds.map((r) => (
                <tr key={r.refundNo} className="border-t border-slate-100 align-top dark:border-slate-800">
                  <td className="font-mono text-xs">{r.refundNo}</td>
                  <td className="tabular-nums">{yuan(r.amount)}</td>
                  <td>
                    {t(`admin:refund.${r.status}`)}
                    {r.detail && <span className="block text-xs text-slate-600 dark:text-slate-300">{r.detail}</span>}
                    {r.status === 'processing' && (
                      <span className="block text-xs text-slate-600 dark:text-slate-300">
                        {r.nextTryAt
                          ? t('admin:refund.nextTry', { count: r.attempts, at: time(r.nextTryAt) })
                          : t('admin:refund.asking', { count: r.attempts })}
                      </span>
                    )}
                  </td>
                  <td>{r.reason}</td>
                  <td>{r.actorEmail ?? '—'}</td>
                  <td className="whitespace-nowrap tabular-nums">
                    {time(r.createdAt)}
                    {r.finishedAt && <span className="block">{time(r.finishedAt)}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

export function OrderDetail(props: IslandI18nProps & { orderNo: string; role: string }) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <DetailView orderNo={props.orderNo} role={props.role} />
    </IslandRoot>
  );
}
