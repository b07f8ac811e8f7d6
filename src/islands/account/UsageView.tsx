import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { SvgIcon } from '../../components/SvgIcon';
import { get } from '../../lib/api';
import type { MyUsage } from '../../shared/contract/ledger';

type State = { status: 'loading' } | { status: 'ready'; usage: MyUsage } | { status: 'failed'; message: string };

const PERIODS = ['today', 'month'] as const;
const FIGURES = ['answers', 'tokens', 'drawings', 'songs'] as const;

/** The signed-in user's own usage (docs/ledger.md): today, the last 30 days, chat by model. */
export function UsageView() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const r = await get('/usage/mine', undefined, { silent: true });
    if (r.kind === 'reply') setState({ status: 'ready', usage: r.data });
    else setState({ status: 'failed', message: 'result' in r ? r.result : '' });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const n = (v: number) => v.toLocaleString(i18n.language);

  if (state.status === 'loading')
    return (
      <p
        role="status"
        className="flex items-center justify-center gap-3 py-12 text-sm text-slate-600 dark:text-slate-300"
      >
        <SvgIcon name="refresh" className="size-5 animate-spin text-brand-600 motion-reduce:animate-none" />
        {t('account:usage.loading')}
      </p>
    );
  if (state.status === 'failed')
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-10 text-center text-sm">
        <p>{state.message || t('account:usage.loadFailed')}</p>
        <button type="button" className={buttonClass('secondary')} onClick={() => void load()}>
          {t('account:profile.retry')}
        </button>
      </div>
    );
  const { usage } = state;
  return (
    <div className="space-y-5" data-testid="my-usage">
      {PERIODS.map((period) => (
        <section key={period} aria-labelledby={`usage-${period}`}>
          <h3 id={`usage-${period}`} className="text-sm font-semibold text-slate-800 dark:text-slate-100">
            {t(`account:usage.${period}`)}
          </h3>
          <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {FIGURES.map((f) => (
              <div key={f} className="rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                <dt className="text-xs text-slate-600 dark:text-slate-300">{t(`account:usage.${f}`)}</dt>
                <dd
                  className="mt-0.5 text-lg font-semibold tabular-nums text-slate-900 dark:text-white"
                  data-testid={`usage-${period}-${f}`}
                >
                  {n(usage[period][f])}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {usage.tokenLimit === null
          ? t('account:usage.unlimited')
          : t('account:usage.limit', { used: n(usage.today.tokens), limit: n(usage.tokenLimit) })}
      </p>
      <section aria-labelledby="usage-models">
        <h3 id="usage-models" className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          {t('account:usage.byModel')}
        </h3>
        {usage.models.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('account:usage.none')}</p>
        ) : (
          <table className="mt-2 w-full text-left text-sm">
            <thead className="text-xs text-slate-600 dark:text-slate-300">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  {t('account:usage.model')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('account:usage.answers')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('account:usage.tokens')}
                </th>
              </tr>
            </thead>
            <tbody>
              {usage.models.map((m) => (
                <tr key={m.model} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="max-w-40 truncate py-1.5">{m.model}</td>
                  <td className="py-1.5 text-right tabular-nums">{n(m.answers)}</td>
                  <td className="py-1.5 text-right tabular-nums">{n(m.tokens)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
