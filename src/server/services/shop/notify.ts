import type { NotifyEvent } from '../../providers/payment';
import type { Runtime } from '../../runtime';
import { markPaid } from './mark-paid';
import { settleRefund } from './refunds';

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
  const outcome = await settleRefund(rt, event.refundNo, {
    success: event.success,
    source: `${source}:notify`,
    refundId: event.refundId,
    detail: event.success ? undefined : 'refund notify: not successful',
  });
  // A refund we never asked for (made on the service's own site) has nothing here to settle: acknowledged, logged.
  rt.log[outcome === 'unknown' ? 'warn' : 'info']('refund notify', { source, refundNo: event.refundNo, outcome });
  return { ok: true, outcome };
}
