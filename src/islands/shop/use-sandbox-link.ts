import { useEffect, useState } from 'react';
import { post } from '../../lib/api';
import type { OrderInfo } from '../../shared/contract/shop';

export const SANDBOX_PATH = '/pay/sandbox/';

/**
 * The link the pay QR shows. A sandbox pay link confirms only with its
 * one-time key: the order list holds the link without it, so an open dialog
 * asks the server for a keyed one (which retires any earlier key).
 */
export function usePayLink(order: OrderInfo, open: boolean): string {
  const stored = order.payLink ?? '';
  const needsKey = stored.includes(SANDBOX_PATH) && !stored.includes('?key=');
  const [keyed, setKeyed] = useState<{ orderNo: string; link: string } | null>(null);
  const { orderNo } = order;

  useEffect(() => {
    // A reopened dialog must not show the key the new request is about to retire.
    setKeyed(null);
    if (!open || !needsKey) return;
    const controller = new AbortController();
    void post(`/pay/sandbox/${encodeURIComponent(orderNo)}/link`, undefined, {
      signal: controller.signal,
    }).then((result) => {
      if (result.kind === 'reply') setKeyed({ orderNo, link: result.data.payLink });
    });
    return () => controller.abort();
  }, [open, needsKey, orderNo]);

  if (!needsKey) return stored;
  return keyed?.orderNo === orderNo ? keyed.link : '';
}
