import type { NotifyEvent } from '../../providers/payment';
import type { Runtime } from '../../runtime';
import { markPaid } from './mark-paid';

/**
 * Acts on a verified notify, whatever service sent it. ok: acknowledge (also
 * for a repeat, which changes nothing); otherwise the service should retry.
 */
export async function applyNotify(
  rt: Runtime,
  event: NotifyEvent,
  source: string,
): Promise<{ ok: boolean; outcome: string }> {
  if (event.kind === 'ignored') {
    rt.log.info('payment notify ignored', { source, event: event.event });
    return { ok: true, outcome: 'ignored' };
  }
  if (event.kind === 'payment') {
    const outcome = await markPaid(rt, event.orderNo, { amount: event.amount, source, tradeNo: event.tradeNo });
    rt.log.info('payment notify', { source, orderNo: event.orderNo, outcome });
    return { ok: outcome === 'paid' || outcome === 'already', outcome };
  }
  rt.log.info('refund notify ignored', { source, refundNo: event.refundNo });
  return { ok: true, outcome: 'ignored' };
}
