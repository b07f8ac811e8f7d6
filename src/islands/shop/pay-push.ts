import type { PushMessage } from '../../lib/push';
import { Code } from '../../shared/codes';
import { OrderStatus } from '../../shared/shop';

/** Code 1000000 with status 1 is success; any other push (6, 7, an error code) failed (docs/state-machines.md). */
export function readPayPush(message: PushMessage): { paid: true; orderDesc: string } | { paid: false } | null {
  if (message.code === Code.SOCKET_CONNECTED) return null;
  const data =
    typeof message.data === 'object' && message.data !== null ? (message.data as Record<string, unknown>) : {};
  if (message.code === Code.SUCCESS && data.orderStatus === OrderStatus.PAID) {
    return { paid: true, orderDesc: typeof data.orderDesc === 'string' ? data.orderDesc : '' };
  }
  return { paid: false };
}
