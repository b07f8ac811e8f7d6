import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import { consoleCall } from '../../../lib/api';
import type { Reconciliation } from '../../../shared/contract/shop-payments-console';
import { card, field, yuan } from '../ui/format';
import { ReasonForm } from '../ui/ReasonForm';
import { time } from './Orders';

const money = (fen: number | null) => (fen === null ? '—' : yuan(fen));

/** The daily bill reconciliations with their differences; an admin runs a chosen day again. */
export function Reconciliations({ role }: { role: string }) {
  const { t } = useTranslation();
  const [runs, setRuns] = useState<Reconciliation[] | null>(null);
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [resolving, setResolving] = useState<number | null>(null);
  const load = useCallback(
    () =>
      void consoleCall('GET', '/admin/payments/reconciliations').then((r) => {
        setRuns(r.ok ? r.data : null);
        if (!r.ok) setMessage(r.result || t('admin:error'));
      }),
    [t],
  );
  useEffect(load, [load]);
  async function run(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await consoleCall('POST', '/admin/payments/reconciliations', { date });
    setBusy(false);
    setMessage(res.ok ? t(`admin:payments.run.${res.data.status}`) : res.result || t('admin:error'));
    load();
  }

  return (
    <section className={`${card} space-y-3`} aria-labelledby="reconcile-title">
      <h2 id="reconcile-title" className="font-semibold">
        {t('admin:payments.reconcile')}
      </h2>
      {role === 'admin' && (
        <Form onSubmit={(e) => void run(e)} className="flex flex-wrap items-end gap-2">
          <label className="block text-sm">
            {t('admin:payments.billDate')}
            <input
              type="date"
              required
              className={`${field} mt-1`}
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </label>
          <button type="submit" disabled={busy} className={buttonClass('primary')}>
            {t('admin:payments.runDay')}
          </button>
        </Form>
      )}
      {message && <p role="status">{message}</p>}
      {runs?.length === 0 && <p className="text-sm">{t('admin:payments.noRuns')}</p>}
      {runs?.map((r) => (
        <article key={r.id} className="space-y-2 border-t border-slate-100 pt-3 dark:border-slate-800">
          <h3 className="text-sm font-semibold">
            {r.billDate} · {t(`admin:provider.${r.provider}`)} · {t(`admin:payments.run.${r.status}`)}
          </h3>
          <p className="text-sm">
            {t('admin:payments.summary', { lines: r.lines, differences: r.differences })} · {time(r.finishedAt)}
            {r.detail ? ` · ${r.detail}` : ''}
          </p>
          {r.diffs.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr>
                    <th scope="col">{t('admin:user.orderNo')}</th>
                    <th scope="col">{t('admin:payments.kind')}</th>
                    <th scope="col">{t('admin:payments.billAmount')}</th>
                    <th scope="col">{t('admin:payments.ourAmount')}</th>
                    <th scope="col">{t('admin:payments.billRefund')}</th>
                    <th scope="col">{t('admin:payments.ourRefund')}</th>
                    <th scope="col">{t('admin:payments.resolution')}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.diffs.map((d) => (
                    <tr key={d.id} className="border-t border-slate-100 dark:border-slate-800">
                      <td className="font-mono text-xs">{d.orderNo}</td>
                      <td>{t(`admin:payments.diff.${d.kind}`)}</td>
                      <td className="tabular-nums">{money(d.billAmount)}</td>
                      <td className="tabular-nums">{money(d.ourAmount)}</td>
                      <td className="tabular-nums">{money(d.billRefund)}</td>
                      <td className="tabular-nums">{money(d.ourRefund)}</td>
                      <td>
                        {d.resolvedAt ? (
                          <span>
                            {t('admin:payments.resolvedOn', { time: time(d.resolvedAt) })} · {d.resolution}
                          </span>
                        ) : role === 'admin' && resolving !== d.id ? (
                          <button
                            type="button"
                            className={buttonClass('secondary')}
                            aria-label={t('admin:payments.resolveOrder', { orderNo: d.orderNo })}
                            onClick={() => setResolving(d.id)}
                          >
                            {t('admin:payments.resolve')}
                          </button>
                        ) : (
                          t('admin:payments.unresolved')
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {r.diffs.some((d) => d.id === resolving) && (
            <ReasonForm
              send={(f) => consoleCall('POST', `/admin/payments/reconciliations/diffs/${resolving}/resolve`, f)}
              onDone={() => {
                setMessage(t('admin:payments.resolved'));
                setResolving(null);
                load();
              }}
              onCancel={() => setResolving(null)}
            />
          )}
        </article>
      ))}
    </section>
  );
}
