import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { PERIODS } from '../../shared/admin';
import { call, card, yuan } from './admin-api';
import { Chart } from './Chart';

interface DayRow {
  day: string;
  revenueFen: number;
  paidOrders: number;
  createdOrders: number;
  newUsers: number;
  drawings: number;
  songs: number;
}
interface Queue {
  waiting: number;
  running: number;
  failedLastHour: number;
}
interface Data {
  series: DayRow[];
  totals: Record<string, number | null>;
  queues: { drawings: Queue; songs: Queue };
}

function DashboardView() {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(7);
  const [data, setData] = useState<Data | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void call<Data>('GET', `/admin/dashboard?days=${days}`).then((res) =>
      res.ok ? setData(res.data) : setError(res.result || t('admin:error')),
    );
  }, [days, t]);
  const chart = useMemo(
    () =>
      data && {
        days: data.series.map((r) => r.day),
        series: [
          { label: t('admin:dash.revenue'), values: data.series.map((r) => r.revenueFen / 100), color: '#7c3aed' },
          { label: t('admin:dash.paidOrders'), values: data.series.map((r) => r.paidOrders), color: '#0891b2' },
          { label: t('admin:dash.newUsers'), values: data.series.map((r) => r.newUsers), color: '#16a34a' },
        ],
      },
    [data, t],
  );
  if (error) return <p role="alert">{error}</p>;
  const tot = data?.totals ?? {};
  const tiles: [string, string][] = [
    ['dash.revenue', yuan(Number(tot.revenueFen ?? 0))],
    ['dash.paidOrders', String(tot.paidOrders ?? 0)],
    [
      'dash.conversion',
      tot.conversion === null || tot.conversion === undefined ? '—' : `${Math.round(Number(tot.conversion) * 100)}%`,
    ],
    ['dash.newUsers', String(tot.newUsers ?? 0)],
    ['dash.activeMembers', String(tot.activeMembers ?? 0)],
    ['dash.drawings', String(tot.drawings ?? 0)],
    ['dash.songs', String(tot.songs ?? 0)],
    ['dash.chatToday', String(tot.chatMessagesToday ?? 0)],
  ];
  return (
    <div className="space-y-6">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('admin:dash.period')}</legend>
        {PERIODS.map((p) => (
          <label
            key={p}
            className="cursor-pointer rounded-full border border-slate-300 px-3 py-1 text-sm has-[:checked]:bg-brand-600 has-[:checked]:text-white dark:border-slate-700"
          >
            <input type="radio" name="period" className="sr-only" checked={days === p} onChange={() => setDays(p)} />
            {t(`admin:dash.period.${p}`)}
          </label>
        ))}
      </fieldset>
      {!data ? (
        <p role="status">{t('admin:loading')}</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {tiles.map(([key, value]) => (
              <div key={key} className={card}>
                <dt className="text-xs text-slate-600 dark:text-slate-300">{t(`admin:${key}`)}</dt>
                <dd className="mt-1 text-xl font-semibold text-slate-900 dark:text-white" data-testid={key}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <section className={card} aria-labelledby="chart-title">
            <h2 id="chart-title" className="mb-2 font-semibold">
              {t('admin:dash.chart')}
            </h2>
            {chart && <Chart days={chart.days} series={chart.series} label={t('admin:dash.chart')} />}
          </section>
          <section className={card} aria-labelledby="queues-title">
            <h2 id="queues-title" className="mb-2 font-semibold">
              {t('admin:dash.queues')}
            </h2>
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col">{t('admin:dash.queue')}</th>
                  <th scope="col">{t('admin:dash.waiting')}</th>
                  <th scope="col">{t('admin:dash.running')}</th>
                  <th scope="col">{t('admin:dash.failed')}</th>
                </tr>
              </thead>
              <tbody>
                {(['drawings', 'songs'] as const).map((q) => (
                  <tr key={q}>
                    <th scope="row">{t(`admin:dash.${q}`)}</th>
                    <td>{data.queues[q].waiting}</td>
                    <td>{data.queues[q].running}</td>
                    <td>{data.queues[q].failedLastHour}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </div>
  );
}

export function Dashboard(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <DashboardView />
    </IslandRoot>
  );
}
