import { useTranslation } from 'react-i18next';
import type { OrderInfo } from '../../shared/contract/shop';
import { DuplicateOrderDialog, OrderInfoDialog } from './OrderDialogs';
import { PayDialog } from './PayDialog';
import { ResultDialog } from './ResultDialog';

export type FlowView =
  | { kind: 'pay' | 'info' | 'duplicate'; order: OrderInfo }
  | { kind: 'success'; message: string; detail?: string }
  | { kind: 'failure' };

export interface FlowDialogsProps {
  view: FlowView;
  open: boolean;
  sandbox: boolean;
  onClose: () => void;
  onPay: (order: OrderInfo) => void;
}

/** Whichever pay-flow dialog `view` names; loaded on first use, so pages pay for headlessui only then. */
export function FlowDialogs({ view, open, sandbox, onClose, onPay }: FlowDialogsProps) {
  const { t } = useTranslation('shop');
  switch (view.kind) {
    case 'pay':
      return <PayDialog order={view.order} open={open} sandbox={sandbox} onClose={onClose} />;
    case 'info':
      return <OrderInfoDialog order={view.order} open={open} onClose={onClose} onPay={onPay} />;
    case 'duplicate':
      return <DuplicateOrderDialog order={view.order} open={open} onClose={onClose} onPay={onPay} />;
    case 'success':
      return <ResultDialog open={open} kind="success" message={view.message} detail={view.detail} onClose={onClose} />;
    case 'failure':
      return <ResultDialog open={open} kind="failure" message={t('pay.failed')} onClose={onClose} />;
  }
}
