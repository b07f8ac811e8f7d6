import { useTranslation } from 'react-i18next';
import type { OrderInfo } from '../../shared/contract/shop';
import { yuan } from './format';
import { type OrderActionHandlers, OrderActions } from './OrderActions';
import { StatusBadge } from './StatusBadge';
import { formatTime } from './time';

/** The orders as cards on small screens, where the table's six columns do not fit. */
export function OrderCards({ orders, ...handlers }: { orders: OrderInfo[] } & OrderActionHandlers) {
  const { t } = useTranslation('shop');
  return (
    <ul aria-label={t('orders.list')} className="divide-y divide-slate-100 dark:divide-slate-800">
      {orders.map((order) => (
        <li key={order.orderNo} className="space-y-2 px-4 py-4">
          <div className="flex items-start justify-between gap-3">
            <p className="font-medium text-slate-900 dark:text-white">{order.orderDesc}</p>
            <StatusBadge status={order.orderStatus} />
          </div>
          <p className="break-all font-mono text-xs text-slate-500 dark:text-slate-400">
            <span className="sr-only">{t('column.orderNo')} </span>
            <span id={`order-${order.orderNo}-m`}>{order.orderNo}</span>
          </p>
          <div className="flex items-end justify-between gap-3">
            <div>
              <p className="text-lg font-semibold tabular-nums text-slate-900 dark:text-white">
                <span className="sr-only">{t('column.amount')} </span>¥{yuan(order.orderPrice)}
              </p>
              {order.refundedAmount > 0 && (
                <p className="text-xs tabular-nums text-violet-700 dark:text-violet-300">
                  {t('field.refunded')} ¥{yuan(order.refundedAmount)}
                </p>
              )}
              <p className="text-xs tabular-nums text-slate-500 dark:text-slate-400">
                <span className="sr-only">{t('column.createdAt')} </span>
                {formatTime(order.createDate)}
              </p>
            </div>
            <OrderActions order={order} idSuffix="-m" {...handlers} />
          </div>
        </li>
      ))}
    </ul>
  );
}
