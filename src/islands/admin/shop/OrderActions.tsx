import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import { consoleCall } from '../../../lib/api';
import type { ConsoleOrderDetail } from '../../../shared/contract/shop-console';
import { REFUNDABLE_STATUSES } from '../../../shared/shop';
import { CreditRefundPreview } from '../credits/CreditRefundPreview';
import { RefundReversal } from '../referral/RefundReversal';
import { FormActions } from '../ui/FormActions';
import { card, field, yuan } from '../ui/format';
import { ReasonField } from '../ui/ReasonForm';
import { TotpField } from '../ui/TotpField';

/** Yuan as typed ("12.5") to fen; NaN for anything else. */
const toFen = (s: string) => (/^\d{1,9}(\.\d{1,2})?$/.test(s.trim()) ? Math.round(Number(s.trim()) * 100) : Number.NaN);

/**
 * "Query provider" for operators and admins; the refund form for admins: an
 * amount (the rest of the order by default), a required reason and a fresh
 * code, with one request id per opened form so a double click refunds once.
 */
export function OrderActions({ order, role, onDone }: { order: ConsoleOrderDetail; role: string; onDone: () => void }) {
  const { t } = useTranslation();
  const held = order.refunds.filter((r) => r.status === 'processing').reduce((n, r) => n + r.amount, 0);
  const left = order.orderPrice - order.refundedAmount - held;
  const [open, setOpen] = useState(false);
  const [requestId, setRequestId] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const canRefund = role === 'admin' && REFUNDABLE_STATUSES.includes(order.orderStatus) && left > 0;

  async function query() {
    setBusy(true);
    const res = await consoleCall('POST', `/admin/orders/${order.orderNo}/query`);
    setBusy(false);
    if (!res.ok) return setMessage(res.result || t('admin:error'));
    const sent =
      res.data.refundsSent > 0 ? ` ${t('admin:orders.refundsSentAgain', { count: res.data.refundsSent })}` : '';
    const settled =
      res.data.refundsSettled > 0
        ? ` ${t('admin:orders.refundsSettledByQuery', { count: res.data.refundsSettled })}`
        : '';
    setMessage(`${t(`admin:orders.queried.${res.data.payment}`)}${settled}${sent}`);
    onDone();
  }
  function start() {
    setOpen(true);
    setRequestId(crypto.randomUUID());
    setAmount(yuan(left));
    setReason('');
    setCode('');
    setMessage('');
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    const fen = toFen(amount);
    if (!Number.isInteger(fen) || fen < 1 || fen > left)
      return setMessage(t('admin:orders.amountRange', { left: yuan(left) }));
    setBusy(true);
    const res = await consoleCall('POST', `/admin/orders/${order.orderNo}/refund`, {
      amount: fen,
      reason,
      requestId,
      code,
    });
    setBusy(false);
    if (!res.ok) return setMessage(res.result || t('admin:error'));
    setOpen(false);
    setMessage(`${t(`admin:refund.${res.data.status}`)}${res.data.detail ? `: ${res.data.detail}` : ''}`);
    onDone();
  }

  return (
    <section className={`${card} space-y-3`} aria-labelledby="order-actions">
      <h2 id="order-actions" className="font-semibold">
        {t('admin:action.title')}
      </h2>
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={busy} className={buttonClass('secondary')} onClick={() => void query()}>
          {t('admin:orders.query')}
        </button>
        {canRefund && (
          <button type="button" className={buttonClass('danger')} onClick={start}>
            {t('admin:orders.refund')}
          </button>
        )}
      </div>
      {open && (
        <Form onSubmit={(e) => void submit(e)} className="space-y-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="block text-sm">
              {t('admin:orders.refundAmount', { left: yuan(left) })}
              <input
                className={`${field} mt-1`}
                inputMode="decimal"
                required
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </label>
            <TotpField value={code} onChange={setCode} />
          </div>
          <RefundReversal orderNo={order.orderNo} amount={toFen(amount)} />
          <CreditRefundPreview orderNo={order.orderNo} amount={toFen(amount)} />
          <ReasonField value={reason} onChange={setReason} />
          <FormActions submit={t('admin:orders.refundSubmit')} busy={busy} danger onCancel={() => setOpen(false)} />
        </Form>
      )}
      {message && (
        <p role="status" className="text-sm">
          {message}
        </p>
      )}
    </section>
  );
}
