import type { HeaderGetter, NotifyAck, NotifyEvent } from '../../providers/payment';
import type { Runtime } from '../../runtime';
import { recordExternalRefund } from './external-refunds';
import { markPaid } from './mark-paid';
import { recordPayment } from './payment-records';
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
    const outcome = await markPaid(rt, event.orderNo, {
      amount: event.amount,
      source,
      tradeNo: event.tradeNo,
      provider: rt.payment.mode,
    });
    rt.log.info('payment notify', { source, orderNo: event.orderNo, outcome });
    return { ok: outcome === 'paid' || outcome === 'already', outcome };
  }
  const outcome = await settleRefund(rt, event.refundNo, {
    success: event.success,
    source: `${source}:notify`,
    refundId: event.refundId,
    detail: event.success ? undefined : 'refund notify: not successful',
  });
  // A refund we never asked for (made on the service's own site): recorded on its order as such.
  if (outcome === 'unknown' && event.success && event.amount !== undefined) {
    const external = await recordExternalRefund(rt, {
      orderNo: event.orderNo,
      refundNo: event.refundNo,
      amount: event.amount,
      source: `${source}:notify`,
      refundId: event.refundId,
    });
    rt.log.warn('external refund', { source, refundNo: event.refundNo, outcome: external });
    return { ok: true, outcome: `external ${external}` };
  }
  rt.log[outcome === 'unknown' ? 'warn' : 'info']('refund notify', { source, refundNo: event.refundNo, outcome });
  return { ok: true, outcome: `refund ${outcome}` };
}

const orderOf = (e: NotifyEvent) => (e.kind === 'ignored' ? '' : e.orderNo);

/**
 * A notify as the route received it: verified and translated by the active
 * service, acted on, and recorded with its verdict whatever it was (a bounded
 * excerpt of the body), so nothing a service said is lost.
 */
export async function receiveNotify(rt: Runtime, body: string, header: HeaderGetter, ip?: string): Promise<NotifyAck> {
  const pay = rt.payment;
  const { db } = rt.database;
  const base = { provider: pay.mode, source: 'notify' as const, raw: body };
  const parsed = pay.parseNotify(body, header);
  if (!parsed.ok) {
    rt.log.warn('payment notify refused', { mode: pay.mode, reason: parsed.reason, ip });
    await recordPayment(db, { ...base, orderNo: '', outcome: `${parsed.refusal}: ${parsed.reason}` });
    return pay.ack(parsed.refusal, parsed.reason);
  }
  const e = parsed.event;
  try {
    const done = await applyNotify(rt, e, pay.mode);
    await recordPayment(db, {
      ...base,
      orderNo: orderOf(e),
      outcome: e.kind === 'ignored' ? `ignored ${e.event}` : done.outcome,
      amount: e.kind !== 'ignored' ? e.amount : undefined,
      tradeNo: e.kind === 'payment' ? e.tradeNo : e.kind === 'refund' ? e.refundId : undefined,
    });
    return done.ok ? pay.ack('ok') : pay.ack('rejected', done.outcome);
  } catch (err) {
    rt.log.error('payment notify failed', { mode: pay.mode, err: (err as Error).message });
    await recordPayment(db, { ...base, orderNo: orderOf(e), outcome: 'error' }).catch(() => undefined);
    return pay.ack('error');
  }
}
