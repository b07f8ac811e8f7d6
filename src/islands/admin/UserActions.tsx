import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { GRANT_KINDS, type GrantKind } from '../../shared/admin';
import { call, card, field } from './admin-api';

type Mode = 'ban' | 'membership';

/** Ban/unban and membership changes, each with a required reason; one request id per opened form, so a double click acts once. */
export function UserActions({ userId, banned, onDone }: { userId: number; banned: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode | null>(null);
  const [requestId, setRequestId] = useState('');
  const [kind, setKind] = useState<GrantKind>('vip');
  const [amount, setAmount] = useState('30');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  function open(m: Mode) {
    setMode(m);
    setRequestId(crypto.randomUUID());
    setReason('');
    setMessage('');
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res =
      mode === 'ban'
        ? await call('POST', `/admin/users/${userId}/ban`, { banned: !banned, reason, requestId })
        : await call('POST', `/admin/users/${userId}/membership`, { kind, amount: Number(amount), reason, requestId });
    setBusy(false);
    if (!res.ok) return setMessage(res.result || t('admin:error'));
    setMode(null);
    setMessage(t('admin:action.done'));
    onDone();
  }

  return (
    <section className={`${card} space-y-3`} aria-labelledby="actions-title">
      <h2 id="actions-title" className="font-semibold">
        {t('admin:action.title')}
      </h2>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass('secondary')} onClick={() => open('membership')}>
          {t('admin:action.membership')}
        </button>
        <button type="button" className={buttonClass(banned ? 'secondary' : 'danger')} onClick={() => open('ban')}>
          {t(banned ? 'admin:action.unban' : 'admin:action.ban')}
        </button>
      </div>
      {mode && (
        <form onSubmit={(e) => void submit(e)} className="space-y-3">
          {mode === 'membership' && (
            <div className="grid gap-3 sm:grid-cols-2">
              <label className="block text-sm">
                {t('admin:action.kind')}
                <select className={`${field} mt-1`} value={kind} onChange={(e) => setKind(e.target.value as GrantKind)}>
                  {GRANT_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`admin:action.kind.${k}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="block text-sm">
                {t('admin:action.amount')}
                <input
                  className={`${field} mt-1`}
                  type="number"
                  min={-3650}
                  max={3650}
                  required
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
              </label>
            </div>
          )}
          <label className="block text-sm">
            {t('admin:action.reason')}
            <textarea
              className={`${field} mt-1`}
              required
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <div className="flex gap-2">
            <button type="submit" disabled={busy} className={buttonClass('primary')}>
              {t('admin:action.submit')}
            </button>
            <button type="button" className={buttonClass('ghost')} onClick={() => setMode(null)}>
              {t('admin:action.cancel')}
            </button>
          </div>
        </form>
      )}
      {message && (
        <p role="status" className="text-sm">
          {message}
        </p>
      )}
    </section>
  );
}
