import { useEffect, useRef } from 'react';
import { openPush } from '../../lib/push';
import { getToken } from '../../stores/auth';
import { readPayPush } from './pay-push';

export interface PayPushHandlers {
  onPaid: (orderDesc: string) => void;
  onFailed: () => void;
}

/** Listens on the order's push socket while `orderNo` is set; the first verdict closes it. */
export function usePayPush(orderNo: string | null, handlers: PayPushHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!orderNo) return;
    let done = false;
    const connection = openPush({
      taskId: orderNo,
      token: getToken(),
      onMessage(message) {
        const verdict = readPayPush(message);
        if (!verdict || done) return;
        done = true;
        connection.close();
        if (verdict.paid) latest.current.onPaid(verdict.orderDesc);
        else latest.current.onFailed();
      },
    });
    return () => connection.close();
  }, [orderNo]);
}
