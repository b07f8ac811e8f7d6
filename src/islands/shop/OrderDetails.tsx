import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderInfo } from '../../shared/contract/shop';
import { isCompositionPack, statusKey, yuan } from './format';
import { StatusBadge } from './StatusBadge';
import { formatTime } from './time';

/** Order info: name, order number, amount, days (or compositions), creation time, payment status (docs/routes-and-screens.md). */
export function OrderDetails({ order }: { order: OrderInfo }) {
  const { t } = useTranslation('shop');
  const packs = isCompositionPack(order.productType);
  const rows: [string, ReactNode][] = [
    [t('field.name'), order.orderDesc],
    [
      t('field.orderNo'),
      <span key="no" className="break-all font-mono text-[13px]">
        {order.orderNo}
      </span>,
    ],
    [t('field.amount'), `¥${yuan(order.orderPrice)}`],
    ...(order.refundedAmount > 0 ? [[t('field.refunded'), `¥${yuan(order.refundedAmount)}`] as [string, string]] : []),
    [
      packs ? t('field.compositions') : t('field.days'),
      t(packs ? 'product.compositions' : 'product.days', { count: order.productBenefit }),
    ],
    [
      t('field.createdAt'),
      <span key="time" className="tabular-nums">
        {formatTime(order.createDate)}
      </span>,
    ],
    [t('field.status'), statusKey(order.orderStatus) ? <StatusBadge key="status" status={order.orderStatus} /> : ''],
  ];
  return (
    <dl className="divide-y divide-slate-100 rounded-xl bg-slate-50 px-4 text-sm dark:divide-slate-800 dark:bg-slate-800/50">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-start justify-between gap-4 py-2.5">
          <dt className="shrink-0 text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="min-w-0 text-right font-medium text-slate-900 dark:text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
