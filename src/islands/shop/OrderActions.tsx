import { useTranslation } from 'react-i18next';
import type { OrderInfo } from '../../shared/contract/shop';
import { OrderStatus } from '../../shared/shop';
import { isUnpaid } from './format';

export interface OrderActionHandlers {
  onPay: (order: OrderInfo) => void;
  onView: (order: OrderInfo) => void;
  onCancel: (order: OrderInfo) => void;
}

const LINK =
  'rounded px-1 py-0.5 text-sm font-medium underline-offset-4 transition-colors hover:underline disabled:opacity-60';

/** 'go pay' when status is 5, otherwise 'view'; an unpaid order may also be cancelled (docs/routes-and-screens.md). */
export interface OrderActionsProps extends OrderActionHandlers {
  order: OrderInfo;
  /** Tells apart the ids of the table row and the mobile card, which are both in the page. */
  idSuffix?: string;
}

export function OrderActions({ order, idSuffix = '', onPay, onView, onCancel }: OrderActionsProps) {
  const { t } = useTranslation('shop');
  const paying = order.orderStatus === OrderStatus.PAYING;
  // Both buttons name the order, so a screen-reader list of buttons stays unambiguous.
  const described = { 'aria-describedby': `order-${order.orderNo}${idSuffix}` };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {paying ? (
        <button
          type="button"
          {...described}
          className={`${LINK} text-brand-700 dark:text-brand-300`}
          onClick={() => onPay(order)}
        >
          {t('action.pay')}
        </button>
      ) : (
        <button
          type="button"
          {...described}
          className={`${LINK} text-slate-700 dark:text-slate-200`}
          onClick={() => onView(order)}
        >
          {t('action.view')}
        </button>
      )}
      {isUnpaid(order.orderStatus) && (
        <button
          type="button"
          {...described}
          className={`${LINK} text-red-700 dark:text-red-400`}
          onClick={() => onCancel(order)}
        >
          {t('action.cancel')}
        </button>
      )}
    </div>
  );
}
