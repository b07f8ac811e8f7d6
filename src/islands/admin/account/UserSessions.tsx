import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { consoleCall } from '../../../lib/api';
import type { UserDetail } from '../../../shared/contract/account-console';
import { ReasonForm } from '../ui/ReasonForm';
import { TableCard } from '../ui/TableCard';

export const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');

/** Live sessions (end one or all, with a reason, when the account is in the viewer's reach) and the sign-in history. */
export function UserSessions(p: {
  userId: number;
  sessions: UserDetail['sessions'];
  signIns: UserDetail['signIns'];
  mayAct: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  // undefined: no form; null: all sessions; a number: that session.
  const [target, setTarget] = useState<number | null | undefined>(undefined);
  const h = (k: string) => t(`admin:user.${k}`);
  return (
    <>
      <TableCard
        id="user-sessions"
        className="lg:col-span-2"
        title={h('sessionsTitle')}
        empty={h('noSessions')}
        head={[h('signedIn'), h('lastUsed'), h('device'), h('ip'), ...(p.mayAct ? [h('actions')] : [])]}
        rows={p.sessions.map((s) => [
          when(s.createdAt),
          when(s.lastUsedAt),
          s.userAgent,
          s.ip,
          ...(p.mayAct ? [''] : []),
        ])}
        render={
          p.mayAct
            ? (row, i) => [
                ...row.slice(0, 4),
                <button
                  key="end"
                  type="button"
                  className={buttonClass('ghost', 'text-sm')}
                  aria-label={`${h('revoke')} ${row[2] ?? ''}`}
                  onClick={() => setTarget(p.sessions[i]?.id)}
                >
                  {h('revoke')}
                </button>,
              ]
            : undefined
        }
      />
      {p.mayAct && p.sessions.length > 0 && (
        <div className="space-y-3 lg:col-span-2">
          <button type="button" className={buttonClass('secondary')} onClick={() => setTarget(null)}>
            {h('revokeAll')}
          </button>
          {target !== undefined && (
            <ReasonForm
              key={String(target)}
              onCancel={() => setTarget(undefined)}
              onDone={() => {
                setTarget(undefined);
                p.onDone();
              }}
              send={(f) =>
                consoleCall(
                  'POST',
                  `/admin/users/${p.userId}/sessions/revoke`,
                  target === null ? f : { ...f, sessionId: target },
                )
              }
            />
          )}
        </div>
      )}
      <TableCard
        id="user-sign-ins"
        className="lg:col-span-2"
        title={h('signIns')}
        empty={h('noSignIns')}
        head={[h('signedIn'), h('method'), h('result'), h('ip'), h('device')]}
        rows={p.signIns.map((s) => [
          when(s.at),
          t(`admin:user.method.${s.method}`),
          s.success ? h('success') : `${h('failure')}${s.failure ? ` (${t(s.failure)})` : ''}`,
          s.ip,
          s.userAgent,
        ])}
      />
    </>
  );
}
