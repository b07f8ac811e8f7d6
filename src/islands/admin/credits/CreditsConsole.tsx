import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import { consoleCall } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { CreditPriceSheet, CreditPrices } from '../../../shared/contract/credits';
import { card } from '../ui/format';
import { type PeriodQuery, RangePicker } from '../ui/RangePicker';
import { CreditFigures } from './CreditFigures';

const num =
  'w-28 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900';
const credits = (v: string) => Math.max(0, Math.floor(Number(v) || 0));

/** The credits page's figures, for the range picked. */
function Figures() {
  const [query, setQuery] = useState<PeriodQuery>({ days: '7' });
  return (
    <div className="space-y-4">
      <RangePicker onQuery={setQuery} />
      <CreditFigures query={query} />
    </div>
  );
}

function NumberField(p: { label: string; value: number; onChange: (v: number) => void; testId?: string }) {
  return (
    <label className="flex items-center justify-between gap-3 text-sm">
      {p.label}
      <input
        className={num}
        type="number"
        min={0}
        max={1_000_000}
        data-testid={p.testId}
        value={p.value}
        onChange={(e) => p.onChange(credits(e.target.value))}
      />
    </label>
  );
}

/** The price form: chat per model, drawing per engine and quality, song, embedding, search, check-in rewards. */
function Prices({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<CreditPriceSheet | null>(null);
  const [prices, setPrices] = useState<CreditPrices | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void consoleCall('GET', '/admin/credits/prices').then((res) => {
      if (!res.ok) return setMessage(res.result || t('admin:error'));
      setSheet(res.data);
      // Every model offered gets a row, priced or not.
      const priced = new Set(res.data.prices.chat.map((c) => c.model));
      const unpriced = res.data.models.filter((m) => !priced.has(m)).map((model) => ({ model, input: 0, output: 0 }));
      setPrices({ ...res.data.prices, chat: [...res.data.prices.chat, ...unpriced] });
    });
  }, [t]);
  if (!prices || !sheet) return message ? <p role="alert">{message}</p> : <p role="status">{t('admin:loading')}</p>;
  const c = (k: string) => t(`credits:console.${k}`);
  const set = (patch: Partial<CreditPrices>) => setPrices({ ...prices, ...patch });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const res = await consoleCall('POST', '/admin/credits/prices', { ...prices, requestId: crypto.randomUUID() });
    setBusy(false);
    setMessage(res.ok ? c('saved') : res.result || t('admin:error'));
  };
  const qualities = ['1', '2', '3'];
  const drawingPrice = (engine: string, quality: string) =>
    prices.drawing.find((d) => d.engine === engine && d.quality === quality)?.price ?? 0;
  const setDrawing = (engine: string, quality: string, price: number) =>
    set({
      drawing: [
        ...prices.drawing.filter((d) => !(d.engine === engine && d.quality === quality)),
        { engine, quality, price },
      ],
    });
  return (
    <Form onSubmit={(e) => void save(e)} className={`${card} space-y-5`} aria-labelledby="credits-prices">
      <h2 id="credits-prices" className="text-lg font-semibold">
        {c('prices')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{c('pricesHint')}</p>
      <fieldset disabled={!admin} className="space-y-5">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-slate-600 dark:text-slate-300">
              <th className="py-1 font-medium">{c('model')}</th>
              <th className="py-1 font-medium">{c('input')}</th>
              <th className="py-1 font-medium">{c('output')}</th>
            </tr>
          </thead>
          <tbody>
            {prices.chat.map((row, i) => (
              <tr key={row.model}>
                <td className="py-1">{row.model}</td>
                {(['input', 'output'] as const).map((side) => (
                  <td key={side} className="py-1">
                    <input
                      className={num}
                      type="number"
                      min={0}
                      aria-label={`${row.model} ${c(side)}`}
                      data-testid={`price-${row.model}-${side}`}
                      value={row[side]}
                      onChange={(e) =>
                        set({
                          chat: prices.chat.map((r, j) => (j === i ? { ...r, [side]: credits(e.target.value) } : r)),
                        })
                      }
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <div className="grid gap-3 sm:grid-cols-2">
          {sheet.engines.flatMap((engine) =>
            qualities.map((quality) => (
              <NumberField
                key={`${engine}:${quality}`}
                label={`${c('engine')} ${engine} · ${c('quality')} ${quality}`}
                value={drawingPrice(engine, quality)}
                onChange={(v) => setDrawing(engine, quality, v)}
              />
            )),
          )}
          <NumberField label={c('song')} value={prices.song} onChange={(song) => set({ song })} />
          <NumberField label={c('video')} value={prices.video} onChange={(video) => set({ video })} />
          <NumberField label={c('embedding')} value={prices.embedding} onChange={(embedding) => set({ embedding })} />
          <NumberField label={c('search')} value={prices.search} onChange={(search) => set({ search })} />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{c('checkIn')}</legend>
          <div className="grid gap-2 sm:grid-cols-4">
            {prices.checkIn.map((v, i) => (
              <NumberField
                // biome-ignore lint/suspicious/noArrayIndexKey: the seven days are fixed positions.
                key={i}
                label={t('credits:console.day', { day: i + 1 })}
                testId={`checkin-${i + 1}`}
                value={v}
                onChange={(n) => set({ checkIn: prices.checkIn.map((x, j) => (j === i ? n : x)) })}
              />
            ))}
          </div>
        </fieldset>
        {admin && (
          <button type="submit" disabled={busy} className={buttonClass('primary')}>
            {c('save')}
          </button>
        )}
      </fieldset>
      {message && (
        <p role="status" className="text-sm">
          {message}
        </p>
      )}
    </Form>
  );
}

/** The console's credits page (docs/console.md): figures for staff, prices the admin sets. */
export function CreditsConsole(props: IslandI18nProps & { admin: boolean }) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="credits">
      <div className="space-y-8">
        <Figures />
        <Prices admin={props.admin} />
      </div>
    </IslandRoot>
  );
}
