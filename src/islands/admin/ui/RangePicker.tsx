import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import type { InputOf } from '../../../lib/api';
import { PERIODS } from '../../../shared/admin';
import { field } from './format';

type Period = (typeof PERIODS)[number] | 'range';
/** The dashboard's and the usage report's period query (each call checks its own route takes it). */
export type PeriodQuery = InputOf<'GET', '/admin/dashboard'>;

/**
 * The console's period choice (today, 7 or 30 days, or a date range): calls `onQuery` with the
 * query the dashboard and usage routes read (`{ days: '7' }`, or `{ from, to }`).
 */
export function RangePicker({ onQuery }: { onQuery: (query: PeriodQuery) => void }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>(7);
  const [range, setRange] = useState({ from: '', to: '' });
  function choose(p: Period) {
    setPeriod(p);
    if (p !== 'range') onQuery({ days: String(p) });
  }
  function applyRange(e: FormEvent) {
    e.preventDefault();
    onQuery({ ...range });
  }
  return (
    <div className="flex flex-wrap items-end gap-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('admin:dash.period')}</legend>
        {[...PERIODS, 'range' as const].map((p) => (
          <label
            key={p}
            className="cursor-pointer rounded-full border border-slate-300 px-3 py-1 text-sm has-[:checked]:bg-brand-600 has-[:checked]:text-white dark:border-slate-700"
          >
            <input type="radio" name="period" className="sr-only" checked={period === p} onChange={() => choose(p)} />
            {t(`admin:dash.period.${p}`)}
          </label>
        ))}
      </fieldset>
      {period === 'range' && (
        <Form onSubmit={applyRange} className="flex flex-wrap items-end gap-2">
          {(['from', 'to'] as const).map((k) => (
            <label key={k} className="text-sm">
              {t(`admin:dash.${k}`)}
              <input
                type="date"
                required
                className={`${field} mt-1`}
                value={range[k]}
                onChange={(e) => setRange({ ...range, [k]: e.target.value })}
              />
            </label>
          ))}
          <button type="submit" className={buttonClass('primary')}>
            {t('admin:dash.apply')}
          </button>
        </Form>
      )}
    </div>
  );
}
