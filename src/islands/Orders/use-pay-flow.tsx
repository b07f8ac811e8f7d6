import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderInfo } from '../../lib/shop/types';
import { DuplicateOrderDialog, OrderInfoDialog } from './OrderDialogs';
import { PayDialog } from './PayDialog';
import { ResultDialog } from './ResultDialog';
import { usePayPush } from './use-pay-push';

type View =
  | { kind: 'pay' | 'info' | 'duplicate'; order: OrderInfo }
  | { kind: 'success'; message: string; detail?: string }
  | { kind: 'failure' };

export interface PayFlowOptions {
  sandbox: boolean;
  /** A push said the order in the pay dialog is paid (SPEC §4); the page decides what follows. */
  onPaid: (orderDesc: string) => void;
}

export interface PayFlow {
  showPay: (order: OrderInfo) => void;
  showInfo: (order: OrderInfo) => void;
  showDuplicate: (order: OrderInfo) => void;
  showSuccess: (message: string, detail?: string) => void;
  close: () => void;
  /** Render once; holds whichever dialog is showing. */
  element: ReactNode;
}

/**
 * The dialogs around paying, shared by /product and /order: pay (with the
 * push socket open while it shows), order info, unpaid twin, and the result.
 */
export function usePayFlow({ sandbox, onPaid }: PayFlowOptions): PayFlow {
  const { t } = useTranslation('shop');
  // The view outlives `open` so a closing dialog keeps its text while it fades out.
  const [state, setState] = useState<{ view: View | null; open: boolean }>({ view: null, open: false });
  const show = useCallback((view: View) => setState({ view, open: true }), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const { view, open } = state;

  usePayPush(open && view?.kind === 'pay' ? view.order.orderNo : null, {
    onPaid,
    onFailed: () => show({ kind: 'failure' }),
  });

  const showPay = useCallback((order: OrderInfo) => show({ kind: 'pay', order }), [show]);
  let element: ReactNode = null;
  if (view?.kind === 'pay') {
    element = <PayDialog order={view.order} open={open} sandbox={sandbox} onClose={close} />;
  } else if (view?.kind === 'info') {
    element = <OrderInfoDialog order={view.order} open={open} onClose={close} onPay={showPay} />;
  } else if (view?.kind === 'duplicate') {
    element = <DuplicateOrderDialog order={view.order} open={open} onClose={close} onPay={showPay} />;
  } else if (view) {
    const success = view.kind === 'success';
    element = (
      <ResultDialog
        open={open}
        kind={success ? 'success' : 'failure'}
        message={success ? view.message : t('pay.failed')}
        detail={success ? view.detail : undefined}
        onClose={close}
      />
    );
  }

  return {
    showPay,
    showInfo: useCallback((order: OrderInfo) => show({ kind: 'info', order }), [show]),
    showDuplicate: useCallback((order: OrderInfo) => show({ kind: 'duplicate', order }), [show]),
    showSuccess: useCallback((message: string, detail?: string) => show({ kind: 'success', message, detail }), [show]),
    close,
    element,
  };
}
