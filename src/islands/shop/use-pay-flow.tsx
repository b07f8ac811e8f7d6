import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import type { OrderInfo } from '../../shared/contract/shop';
import type { FlowView } from './FlowDialogs';
import { usePayPush } from './use-pay-push';

const FlowDialogs = lazy(() => import('./FlowDialogs').then((m) => ({ default: m.FlowDialogs })));

export interface PayFlowOptions {
  sandbox: boolean;
  /** A push said the order in the pay dialog is paid (docs/state-machines.md); the page decides what follows. */
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
  // The view outlives `open` so a closing dialog keeps its text while it fades out.
  const [state, setState] = useState<{ view: FlowView | null; open: boolean }>({ view: null, open: false });
  const show = useCallback((view: FlowView) => setState({ view, open: true }), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const { view, open } = state;

  const paying = open && view?.kind === 'pay' ? view.order : null;
  usePayPush(paying?.orderNo ?? null, {
    // The order as this page was given it is named in the page's language; the push names it in zh-CN.
    onPaid: (pushed) => onPaid(paying?.orderDesc || pushed),
    onFailed: () => show({ kind: 'failure' }),
  });

  const showPay = useCallback((order: OrderInfo) => show({ kind: 'pay', order }), [show]);
  const element = view && (
    <Suspense fallback={null}>
      <FlowDialogs view={view} open={open} sandbox={sandbox} onClose={close} onPay={showPay} />
    </Suspense>
  );

  return {
    showPay,
    showInfo: useCallback((order: OrderInfo) => show({ kind: 'info', order }), [show]),
    showDuplicate: useCallback((order: OrderInfo) => show({ kind: 'duplicate', order }), [show]),
    showSuccess: useCallback((message: string, detail?: string) => show({ kind: 'success', message, detail }), [show]),
    close,
    element,
  };
}
