import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleCall } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { UsageReport } from '../../../shared/contract/ledger';
import { Chart } from '../ui/Chart';
import { card, yuan } from '../ui/format';
import { type PeriodQuery, RangePicker } from '../ui/RangePicker';
import { TableCard } from '../ui/TableCard';
import { Tiles } from '../ui/Tiles';

/** Micro-yuan as yuan: four decimals, since one answer often costs less than a fen. */
const cost = (micros: number) => (micros / 1_000_000).toFixed(4);
const tokens = (r: { inputTokens: number; outputTokens: number }) => r.inputTokens + r.outputTokens;

function UsageView() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<PeriodQuery>({ days: '7' });
  const [data, setData] = useState<UsageReport | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    setError('');
    void consoleCall('GET', '/admin/usage', query).then((res) =>
      res.ok ? setData(res.data) : setError(res.result || t('admin:error')),
    );
  }, [query, t]);
  const h = (k: string) => t(`admin:usage.${k}`);
  const chart = useMemo(() => {
    if (!data) return null;
    return {
      days: data.days.map((d) => d.day),
      series: [
        { label: t('admin:usage.cost'), values: data.days.map((d) => d.costMicros / 1_000_000), color: '#db2777' },
        { label: t('admin:usage.revenue'), values: data.days.map((d) => d.revenueFen / 100), color: '#7c3aed' },
      ],
    };
  }, [data, t]);
  const tot = data?.totals;
  const tiles: [string, string][] = tot
    ? [
        ['cost', cost(tot.costMicros)],
        ['revenue', yuan(tot.revenueFen)],
        ['margin', (tot.marginMicros / 1_000_000).toFixed(2)],
        ['answers', String(tot.answers)],
        ['inputTokens', String(tot.inputTokens)],
        ['outputTokens', String(tot.outputTokens)],
        ['drawings', String(tot.drawings)],
        ['songs', String(tot.songs)],
        ['failed', String(tot.failed)],
        ['cancelled', String(tot.cancelled)],
      ]
    : [];
  const spendHead = [h('count'), h('inputTokens'), h('outputTokens'), h('cost')];
  const spend = (r: UsageReport['models'][number]) => [r.count, r.inputTokens, r.outputTokens, cost(r.costMicros)];
  return (
    <div className="space-y-6">
      <RangePicker onQuery={setQuery} />
      {error && <p role="alert">{error}</p>}
      {!data || !chart ? (
        !error && <p role="status">{t('admin:loading')}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="usage-range">
            {data.from === data.to ? data.from : `${data.from} – ${data.to}`}
          </p>
          <Tiles
            cols="md:grid-cols-5"
            tiles={tiles.map(([key, value]) => ({ label: h(key), value, testId: `usage-${key}` }))}
          />
          <section className={card} aria-labelledby="usage-chart-title">
            <h2 id="usage-chart-title" className="mb-2 font-semibold">
              {h('chart')}
            </h2>
            <Chart days={chart.days} series={chart.series} label={h('chart')} testId="usage-chart" />
          </section>
          <TableCard
            id="usage-days"
            title={h('byDay')}
            empty={h('empty')}
            head={[t('admin:dash.day'), ...spendHead, h('revenue')]}
            rows={data.days.map((d) => [d.day, ...spend({ ...d, kind: '', model: '' }), yuan(d.revenueFen)])}
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <TableCard
              id="usage-models"
              title={h('byModel')}
              empty={h('empty')}
              head={[h('kind'), h('model'), ...spendHead]}
              rows={data.models.map((m) => [h(`kinds.${m.kind}`), m.model, ...spend(m)])}
            />
            <TableCard
              id="usage-channels"
              title={h('byChannel')}
              empty={h('empty')}
              head={[h('channel'), h('provider'), ...spendHead]}
              rows={data.channels.map((c) => [
                c.name ?? h('bootstrap'),
                c.provider,
                ...spend({ ...c, kind: '', model: '' }),
              ])}
            />
          </div>
          <TableCard
            id="usage-users"
            title={h('byUser')}
            empty={h('empty')}
            head={[h('user'), ...spendHead, h('tokens')]}
            rows={data.users.map((u) => [
              u.email ?? u.nickname ?? `#${u.userId}`,
              ...spend({ ...u, kind: '', model: '' }),
              tokens(u),
            ])}
            render={(row, i) => {
              const u = data.users[i];
              return [
                u ? (
                  <a key="u" className="underline" href={`/admin/users/${u.userId}`}>
                    {row[0]}
                  </a>
                ) : (
                  row[0]
                ),
                ...row.slice(1),
              ];
            }}
          />
        </>
      )}
    </div>
  );
}

/** The console's usage and margin page (docs/ledger.md). */
export function Usage(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <UsageView />
    </IslandRoot>
  );
}
