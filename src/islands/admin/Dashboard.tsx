import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleCall } from '../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import type { Dashboard as Data } from '../../shared/contract/admin';
import { CreditFigures } from './credits/CreditFigures';
import { DashboardTables } from './DashboardTables';
import { Chart } from './ui/Chart';
import { card, yuan } from './ui/format';
import { type PeriodQuery, RangePicker } from './ui/RangePicker';
import { Tiles } from './ui/Tiles';

const pct = (n: number | null) => (n === null ? '—' : `${Math.round(n * 1000) / 10}%`);

function DashboardView() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<PeriodQuery>({ days: '7' });
  const [data, setData] = useState<Data | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    setError('');
    void consoleCall('GET', '/admin/dashboard', query).then((res) =>
      res.ok ? setData(res.data) : setError(res.result || t('admin:error')),
    );
  }, [query, t]);
  const charts = useMemo(() => {
    if (!data) return null;
    const days = data.series.map((r) => r.day);
    const of = (k: Exclude<keyof Data['series'][number], 'day'>, div = 1) => data.series.map((r) => r[k] / div);
    return {
      days,
      money: [
        { label: t('admin:dash.revenue'), values: of('revenueFen', 100), color: '#7c3aed' },
        { label: t('admin:dash.paidOrders'), values: of('paidOrders'), color: '#0891b2' },
        { label: t('admin:dash.createdOrders'), values: of('createdOrders'), color: '#d97706' },
      ],
      usage: [
        { label: t('admin:dash.activeUsers'), values: of('activeUsers'), color: '#2563eb' },
        { label: t('admin:dash.newUsers'), values: of('newUsers'), color: '#16a34a' },
        { label: t('admin:dash.chatMessages'), values: of('chatMessages'), color: '#db2777' },
        { label: t('admin:dash.drawings'), values: of('drawings'), color: '#ea580c' },
        { label: t('admin:dash.songs'), values: of('songs'), color: '#0d9488' },
        { label: t('admin:dash.couponClaims'), values: of('couponClaims'), color: '#64748b' },
      ],
    };
  }, [data, t]);
  const tot = data?.totals;
  const tiles: [string, string][] =
    tot && data
      ? [
          ['dash.revenue', yuan(tot.revenueFen)],
          ['dash.paidOrders', String(tot.paidOrders)],
          ['dash.conversion', pct(tot.conversion)],
          ['dash.refunds', String(tot.refunds)],
          ['dash.refunded', yuan(tot.refundedFen)],
          ['dash.newUsers', String(tot.newUsers)],
          ['dash.activeDaily', String(tot.activeDaily)],
          ['dash.activeWeekly', String(tot.activeWeekly)],
          ['dash.activeUsers', String(tot.activeUsers)],
          ['dash.activeMembers', String(tot.activeMembers)],
          ['dash.chatMessages', String(tot.chatMessages)],
          ['dash.drawings', String(tot.drawings)],
          ['dash.songs', String(tot.songs)],
          ['dash.couponClaims', String(tot.couponClaims)],
          ['dash.commissionHeld', yuan(data.referral.heldFen)],
          ['dash.commissionReleased', yuan(data.referral.releasedFen)],
          ['dash.commissionPaid', yuan(data.referral.paidFen)],
          ['dash.invitesConverted', String(data.referral.convertedInvites)],
        ]
      : [];
  return (
    <div className="space-y-6">
      <RangePicker onQuery={setQuery} />
      {error && <p role="alert">{error}</p>}
      {!data || !charts ? (
        !error && <p role="status">{t('admin:loading')}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="dash-range">
            {data.from === data.to ? data.from : `${data.from} – ${data.to}`}
          </p>
          <Tiles
            cols="md:grid-cols-4"
            tiles={tiles.map(([key, value]) => ({ label: t(`admin:${key}`), value, testId: key }))}
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <section className={card} aria-labelledby="chart-money">
              <h2 id="chart-money" className="mb-2 font-semibold">
                {t('admin:dash.chart')}
              </h2>
              <Chart days={charts.days} series={charts.money} label={t('admin:dash.chart')} />
            </section>
            <section className={card} aria-labelledby="chart-usage">
              <h2 id="chart-usage" className="mb-2 font-semibold">
                {t('admin:dash.chartUsage')}
              </h2>
              <Chart days={charts.days} series={charts.usage} label={t('admin:dash.chartUsage')} testId="usage-chart" />
            </section>
          </div>
          <DashboardTables data={data} />
          <CreditFigures query={query} />
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
