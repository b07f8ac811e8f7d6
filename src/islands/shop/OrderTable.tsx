import { useTranslation } from 'react-i18next';
import type { OrderInfo } from '../../shared/contract/shop';
import { yuan } from './format';
import { type OrderActionHandlers, OrderActions } from './OrderActions';
import { StatusBadge } from './StatusBadge';
import { formatTime } from './time';

const TH = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400';
const TD = 'px-4 py-3 align-middle';

/** Paged table (desktop): order number, description, amount in yuan, status, creation time, action (docs/routes-and-screens.md). */
export function OrderTable({ orders, ...handlers }: { orders: OrderInfo[] } & OrderActionHandlers) {
  const { t } = useTranslation('shop');
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t('orders.list')}</caption>
      <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/40">
        <tr>
          <th scope="col" className={TH}>
            {t('column.orderNo')}
          </th>
          <th scope="col" className={TH}>
            {t('column.desc')}
          </th>
          <th scope="col" className={`${TH} text-right`}>
            {t('column.amount')}
          </th>
          <th scope="col" className={TH}>
            {t('column.status')}
          </th>
          <th scope="col" className={TH}>
            {t('column.createdAt')}
          </th>
          <th scope="col" className={TH}>
            {t('column.action')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {orders.map((order) => (
          <tr key={order.orderNo} className="transition-colors hover:bg-slate-50/70 dark:hover:bg-slate-800/30">
            <td className={`${TD} font-mono text-[13px] text-slate-700 dark:text-slate-300`}>
              <span id={`order-${order.orderNo}`}>{order.orderNo}</span>
            </td>
            <td className={`${TD} font-medium text-slate-900 dark:text-white`}>{order.orderDesc}</td>
            <td className={`${TD} text-right tabular-nums text-slate-900 dark:text-white`}>
              {yuan(order.orderPrice)}
              {order.refundedAmount > 0 && (
                <span className="block text-xs text-violet-700 dark:text-violet-300">
                  {t('field.refunded')} −{yuan(order.refundedAmount)}
                </span>
              )}
            </td>
            <td className={TD}>
              <StatusBadge status={order.orderStatus} />
            </td>
            <td className={`${TD} whitespace-nowrap tabular-nums text-slate-600 dark:text-slate-400`}>
              {formatTime(order.createDate)}
            </td>
            <td className={TD}>
              <OrderActions order={order} {...handlers} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
