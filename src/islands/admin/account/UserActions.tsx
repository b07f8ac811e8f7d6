import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { consoleCall } from '../../../lib/api';
import { GRANT_KINDS, type GrantKind, type Role } from '../../../shared/admin';
import { card, field } from '../ui/format';
import { ReasonForm } from '../ui/ReasonForm';

type Mode = 'ban' | 'membership' | 'credits' | 'reset' | 'delete';

/**
 * A user's actions, each with a required reason and one request id per
 * opened form (a double click acts once). Deletion is an admin's, with a fresh code.
 * An account out of the viewer's reach (its own; a console account for an
 * operator) shows the server's reason instead of buttons.
 */
export function UserActions(p: {
  userId: number;
  refusal: string | null;
  banned: boolean;
  hasEmail: boolean;
  consoleRole: Role;
  onDone: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode | null>(null);
  const [kind, setKind] = useState<GrantKind>('vip');
  const [amount, setAmount] = useState('30');
  const [credits, setCredits] = useState('100');
  const [message, setMessage] = useState('');
  const id = p.userId;
  const buttons: [Mode, string, 'secondary' | 'danger'][] = [
    ['membership', 'action.membership', 'secondary'],
    ...(p.hasEmail ? [['reset', 'action.reset', 'secondary'] as [Mode, string, 'secondary']] : []),
    ['ban', p.banned ? 'action.unban' : 'action.ban', p.banned ? 'secondary' : 'danger'],
    ...(p.consoleRole === 'admin' ? [['delete', 'action.delete', 'danger'] as [Mode, string, 'danger']] : []),
  ];
  // Credits are money: the admin's alone, with a fresh code (docs/credits.md).
  if (p.consoleRole === 'admin') buttons.splice(1, 0, ['credits', 'credits:console.adjust', 'secondary']);
  return (
    <section className={`${card} space-y-3`} aria-labelledby="actions-title">
      <h2 id="actions-title" className="font-semibold">
        {t('admin:action.title')}
      </h2>
      {p.refusal && (
        <p className="text-sm" data-testid="user-refusal">
          {t(p.refusal)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!p.refusal &&
          buttons.map(([m, label, variant]) => (
            <button
              key={m}
              type="button"
              className={buttonClass(variant)}
              onClick={() => {
                setMode(m);
                setMessage('');
              }}
            >
              {t(label.includes(':') ? label : `admin:${label}`)}
            </button>
          ))}
      </div>
      {mode && (
        <ReasonForm
          key={mode}
          danger={mode === 'delete'}
          withCode={mode === 'delete' || mode === 'credits'}
          warning={mode === 'delete' ? t('admin:action.deleteWarn') : undefined}
          onCancel={() => setMode(null)}
          onDone={() => {
            setMode(null);
            setMessage(t('admin:action.done'));
            if (mode === 'delete') p.onDeleted();
            else p.onDone();
          }}
          send={(f) =>
            mode === 'ban'
              ? consoleCall('POST', `/admin/users/${id}/ban`, { banned: !p.banned, ...f })
              : mode === 'membership'
                ? consoleCall('POST', `/admin/users/${id}/membership`, { kind, amount: Number(amount), ...f })
                : mode === 'credits'
                  ? consoleCall('POST', `/admin/users/${id}/credits`, {
                      amount: Number(credits),
                      ...f,
                      code: f.code ?? '',
                    })
                  : mode === 'reset'
                    ? consoleCall('POST', `/admin/users/${id}/password-reset`, f)
                    : consoleCall('POST', `/admin/users/${id}/delete`, { ...f, code: f.code ?? '' })
          }
        >
          {mode === 'credits' && (
            <label className="block text-sm">
              {t('credits:console.amount')}
              <input
                className={`${field} mt-1`}
                type="number"
                data-testid="credits-amount"
                min={-10_000_000}
                max={10_000_000}
                required
                value={credits}
                onChange={(e) => setCredits(e.target.value)}
              />
            </label>
          )}
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
        </ReasonForm>
      )}
      {message && (
        <p role="status" className="text-sm">
          {message}
        </p>
      )}
    </section>
  );
}
