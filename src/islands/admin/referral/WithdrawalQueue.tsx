import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { consoleCall } from '../../../lib/api';
import type { ConsoleWithdrawal } from '../../../shared/contract/referral-console';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../../../shared/referral';
import { field, yuan } from '../ui/format';
import { Pager } from '../ui/Pager';
import { ReasonForm } from '../ui/ReasonForm';
import { TableCard } from '../ui/TableCard';

const SIZE = 20;
type Acting = { id: number; decision: 'pay' | 'reject' } | null;

/** The review queue: pending withdrawals first; an admin pays one (fresh code) or rejects it with a reason. */
export function WithdrawalQueue({ role, onChange }: { role: string; onChange: () => void }) {
  const { t } = useTranslation();
  const r = (key: string, params?: Record<string, unknown>) => t(`referral:console.${key}`, params ?? {});
  const [status, setStatus] = useState<WithdrawalStatus>('pending');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [data, setData] = useState<{ records: ConsoleWithdrawal[]; total: number } | null>(null);
  const [error, setError] = useState('');
  const [acting, setActing] = useState<Acting>(null);
  useEffect(() => {
    void version;
    setError('');
    void consoleCall('GET', '/admin/referral/withdrawals', { status, pageNum: page, pageSize: SIZE }).then((res) =>
      res.ok ? setData(res.data) : setError(res.result || t('admin:error')),
    );
  }, [status, page, version, t]);
  const records = data?.records ?? [];
  const head = [r('user'), r('amount'), r('payee'), r('asked'), r('status'), r('reason'), r('actions')];
  const rows = records.map((w) => [
    w.email ?? String(w.userId),
    yuan(w.amount),
    `${t(`referral:withdraw.method.${w.method}`)} ${w.account} ${w.realName}`,
    w.createdAt.slice(0, 16).replace('T', ' '),
    t(`referral:status.${w.status}`),
    w.reason ?? w.reviewerEmail ?? '',
    '',
  ]);
  const done = () => {
    setActing(null);
    setVersion((v) => v + 1);
    onChange();
  };
  return (
    <div className="space-y-3">
      <label className="flex items-center gap-2 text-sm">
        {r('show')}
        <select
          className={`${field} w-auto`}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as WithdrawalStatus);
            setPage(1);
          }}
        >
          {WITHDRAWAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`referral:status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      {error && <p role="alert">{error}</p>}
      <TableCard
        id="referral-withdrawals"
        title={r('withdrawals')}
        head={head}
        rows={rows}
        empty={r('noWithdrawals')}
        render={(row, i) => {
          const w = records[i];
          const actions =
            w?.status === 'pending' && role === 'admin' ? (
              <span className="flex gap-2">
                <button
                  type="button"
                  className={buttonClass('primary')}
                  onClick={() => setActing({ id: w.id, decision: 'pay' })}
                >
                  {r('pay')}
                </button>
                <button
                  type="button"
                  className={buttonClass('ghost')}
                  onClick={() => setActing({ id: w.id, decision: 'reject' })}
                >
                  {r('reject')}
                </button>
              </span>
            ) : null;
          return [...row.slice(0, -1), actions];
        }}
      />
      {acting && (
        <section className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <h3 className="mb-2 font-semibold">
            {r(acting.decision === 'pay' ? 'payTitle' : 'rejectTitle', { id: acting.id })}
          </h3>
          <ReasonForm
            key={`${acting.id}-${acting.decision}`}
            withCode={acting.decision === 'pay'}
            warning={acting.decision === 'pay' ? r('payWarning') : r('rejectWarning')}
            send={(f) =>
              acting.decision === 'pay'
                ? consoleCall('POST', `/admin/referral/withdrawals/${acting.id}/pay`, { ...f, code: f.code ?? '' })
                : consoleCall('POST', `/admin/referral/withdrawals/${acting.id}/reject`, {
                    reason: f.reason,
                    requestId: f.requestId,
                  })
            }
            onDone={done}
            onCancel={() => setActing(null)}
          />
        </section>
      )}
      {data && <Pager label={r('withdrawals')} page={page} total={data.total} size={SIZE} onPage={setPage} />}
    </div>
  );
}
