import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { PAYOUT_METHODS, type PayoutMethod } from '../../shared/referral';
import { askWithdrawal, yuan } from './referral-api';

const field =
  'mt-1 w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';

/** Yuan as typed ("12.5") to fen; NaN for anything else. */
const toFen = (s: string) => (/^\d{1,7}(\.\d{1,2})?$/.test(s.trim()) ? Math.round(Number(s.trim()) * 100) : Number.NaN);

/** Asks to withdraw from the available balance: amount, payee method, account and real name. */
export function WithdrawForm(p: { available: number; min: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PayoutMethod>('alipay');
  const [account, setAccount] = useState('');
  const [realName, setRealName] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fen = toFen(amount);
    if (!Number.isInteger(fen) || fen < p.min || fen > p.available)
      return setMessage(t('withdraw.amountInvalid', { min: yuan(p.min), available: yuan(p.available) }));
    setBusy(true);
    const res = await askWithdrawal({ amount: fen, method, account: account.trim(), realName: realName.trim() });
    setBusy(false);
    if (!res.ok) return setMessage(res.kind === 'business' ? res.result : res.message);
    setMessage(res.kind === 'reply' ? res.result : '');
    setAmount('');
    p.onDone();
  }

  return (
    <Form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-2">
      <label className="block text-sm">
        {t('withdraw.amount', { min: yuan(p.min) })}
        <input
          className={field}
          inputMode="decimal"
          required
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </label>
      <label className="block text-sm">
        {t('withdraw.method')}
        <select className={field} value={method} onChange={(e) => setMethod(e.target.value as PayoutMethod)}>
          {PAYOUT_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`withdraw.method.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm">
        {t('withdraw.account')}
        <input
          className={field}
          required
          minLength={3}
          maxLength={64}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
        />
      </label>
      <label className="block text-sm">
        {t('withdraw.realName')}
        <input
          className={field}
          required
          minLength={2}
          maxLength={32}
          autoComplete="name"
          value={realName}
          onChange={(e) => setRealName(e.target.value)}
        />
      </label>
      <div className="flex items-center gap-3 sm:col-span-2">
        <button type="submit" disabled={busy || p.available < p.min} className={buttonClass('primary')}>
          {t('withdraw.submit')}
        </button>
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {message}
        </p>
      </div>
    </Form>
  );
}
