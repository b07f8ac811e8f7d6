import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '../../lib/api';
import { toast } from '../../lib/toast';
import type { OrderInfo } from '../../shared/contract/shop';

// Loaded on first use: headlessui's dialog is not needed until someone cancels.
const Confirm = lazy(() => import('../../components/Confirm').then((m) => ({ default: m.Confirm })));

/** Cancels an unpaid order of the owner (POST /api/order/cancel), after a confirmation. */
export function useCancelOrder(onDone: () => void): { ask: (order: OrderInfo) => void; element: ReactNode } {
  const { t } = useTranslation('shop');
  const [state, setState] = useState<{ order: OrderInfo | null; open: boolean; busy: boolean }>({
    order: null,
    open: false,
    busy: false,
  });
  const { order } = state;

  const confirm = async () => {
    if (!order) return;
    setState((s) => ({ ...s, busy: true }));
    const result = await post('/order/cancel', { orderNo: order.orderNo });
    // HTTP failures were already shown by the client; business ones carry their own text.
    if (result.kind === 'reply') toast.success(result.result);
    else if (result.kind === 'business') toast.error(result.result);
    setState((s) => ({ ...s, open: false, busy: false }));
    onDone();
  };

  const element = order && (
    <Suspense fallback={null}>
      <Confirm
        open={state.open}
        busy={state.busy}
        title={t('cancel.title')}
        content={t('cancel.confirm', { orderNo: order.orderNo })}
        okText={t('cancel.ok')}
        cancelText={t('cancel.keep')}
        danger
        onConfirm={() => void confirm()}
        onCancel={() => setState((s) => ({ ...s, open: false }))}
      />
    </Suspense>
  );

  return { ask: (next) => setState({ order: next, open: true, busy: false }), element };
}
