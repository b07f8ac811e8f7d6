import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleCall } from '../../../lib/api';
import type { CreditSummary } from '../../../shared/contract/credits';
import type { PeriodQuery } from '../ui/RangePicker';
import { TableCard } from '../ui/TableCard';
import { Tiles } from '../ui/Tiles';

/** Credits issued by reason and spent by kind over the console's range, check-ins today, what users hold (docs/credits.md). */
export function CreditFigures({ query }: { query: PeriodQuery }) {
  const { t } = useTranslation();
  const [data, setData] = useState<CreditSummary | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    setError('');
    void consoleCall('GET', '/admin/credits/summary', query).then((res) =>
      res.ok ? setData(res.data) : setError(res.result || t('admin:error')),
    );
  }, [query, t]);
  const c = (k: string) => t(`credits:console.${k}`);
  return (
    <section className="space-y-4" aria-labelledby="credits-figures">
      <h2 id="credits-figures" className="text-lg font-semibold">
        {c('figures')}
      </h2>
      {error && <p role="alert">{error}</p>}
      {data && (
        <>
          <Tiles
            cols="md:grid-cols-3"
            tiles={[
              { label: c('checkInsToday'), value: String(data.checkInsToday), testId: 'credits-checkins' },
              { label: c('outstanding'), value: String(data.outstanding), testId: 'credits-outstanding' },
              { label: c('heldNow'), value: String(data.held), testId: 'credits-held' },
            ]}
          />
          <div className="grid gap-4 md:grid-cols-2">
            <TableCard
              id="credits-issued"
              title={c('issued')}
              empty="—"
              head={[t('credits:page.what'), c('price')]}
              rows={data.issued.map((r) => [t(`credits:reason.${r.reason}`), r.credits])}
            />
            <TableCard
              id="credits-spent"
              title={c('spent')}
              empty="—"
              head={[t('credits:page.what'), c('price')]}
              rows={data.spent.map((r) => [t(`credits:kind.${r.kind}`, { defaultValue: r.kind }), r.credits])}
            />
          </div>
        </>
      )}
    </section>
  );
}
