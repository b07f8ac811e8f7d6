/** One measured figure. ok: true within budget, false missed, null no budget or pending. */
export interface Row {
  name: string;
  value: string;
  budget: string;
  ok: boolean | null;
  note?: string;
}

const mark = (ok: boolean | null, value: string) =>
  value === 'pending' ? 'pending' : ok === null ? '—' : ok ? 'ok' : 'MISS';

/** A plain-text table for the terminal. */
export function formatTable(rows: Row[]): string {
  const cells = rows.map((r) => [r.name, r.value, r.budget, mark(r.ok, r.value), r.note ?? '']);
  const head = ['figure', 'value', 'budget', '', 'note'];
  const width = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => v.padEnd(width[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(head), line(width.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/** The same rows as a Markdown table, for bench/RESULTS.md. */
export function formatMarkdown(rows: Row[]): string {
  const esc = (s: string) => s.replaceAll('|', '\\|');
  return [
    '| figure | value | budget | | note |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) => `| ${esc(r.name)} | ${esc(r.value)} | ${esc(r.budget)} | ${mark(r.ok, r.value)} | ${esc(r.note ?? '')} |`,
    ),
  ].join('\n');
}

export const missed = (rows: Row[]) => rows.filter((r) => r.ok === false);
