import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Dialog } from '../../components/Dialog';
import type { OrderInfo } from '../../shared/contract/shop';
import { OrderStatus } from '../../shared/shop';
import { OrderDetails } from './OrderDetails';

export interface OrderDialogProps {
  order: OrderInfo;
  open: boolean;
  onClose: () => void;
  onPay: (order: OrderInfo) => void;
}

function canPay(order: OrderInfo): boolean {
  return order.orderStatus === OrderStatus.PAYING && Boolean(order.payLink);
}

function Footer({ order, onClose, onPay }: Omit<OrderDialogProps, 'open'>) {
  const { t } = useTranslation('shop');
  return (
    <>
      <button type="button" className={buttonClass('secondary')} onClick={onClose}>
        {t('action.close')}
      </button>
      {canPay(order) && (
        <button type="button" className={buttonClass('primary')} onClick={() => onPay(order)} data-autofocus>
          {t('action.pay')}
        </button>
      )}
    </>
  );
}

/** 'view': the order-info dialog (docs/routes-and-screens.md). */
export function OrderInfoDialog(props: OrderDialogProps) {
  const { t } = useTranslation('shop');
  return (
    <Dialog open={props.open} onClose={props.onClose} title={t('info.title')} footer={<Footer {...props} />}>
      <OrderDetails order={props.order} />
    </Dialog>
  );
}

/** 100000304: the identical order still unpaid, with its pay option (docs/reply-codes.md). */
export function DuplicateOrderDialog(props: OrderDialogProps) {
  const { t } = useTranslation('shop');
  return (
    <Dialog open={props.open} onClose={props.onClose} title={t('create.duplicate')} footer={<Footer {...props} />}>
      <OrderDetails order={props.order} />
    </Dialog>
  );
}
