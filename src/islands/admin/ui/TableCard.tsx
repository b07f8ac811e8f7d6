import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { toCsv } from '../../../shared/csv';

type Cell = string | number | null | undefined;

/** Downloads the table it sits under as `name`.csv, built from the rows on screen. */
export function CsvButton({ name, head, rows }: { name: string; head: string[]; rows: Cell[][] }) {
  const { t } = useTranslation();
  function download() {
    const url = URL.createObjectURL(new Blob([toCsv(head, rows)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${name}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <button type="button" className={buttonClass('ghost', 'text-sm')} onClick={download}>
      {t('admin:dash.csv')}
    </button>
  );
}

/** A console table with its title and CSV export: every table of the dashboard and the user page. */
export function TableCard(p: {
  id: string;
  title: string;
  head: string[];
  rows: Cell[][];
  empty: string;
  /** Cells to render instead of the plain values (buttons, translated states); the CSV keeps `rows`. */
  render?: (row: Cell[], index: number) => React.ReactNode[];
  className?: string;
}) {
  const titleId = `${p.id}-title`;
  return (
    <section
      className={`rounded-2xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800 ${p.className ?? ''}`}
      aria-labelledby={titleId}
      data-testid={p.id}
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id={titleId} className="font-semibold">
          {p.title}
        </h2>
        {p.rows.length > 0 && <CsvButton name={p.id} head={p.head} rows={p.rows} />}
      </div>
      {p.rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{p.empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                {p.head.map((h) => (
                  <th key={h} scope="col" className="whitespace-nowrap pe-3">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {p.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own and never reorder
                <tr key={i} className="border-t border-slate-100 dark:border-slate-800">
                  {(p.render ? p.render(row, i) : row).map((v, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                    <td key={j} className="pe-3 align-top">
                      {v as React.ReactNode}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
