/**
 * The one CSV writer (console exports on the server, table downloads in the browser).
 *
 * RFC 4180: every cell is quoted, so commas, quotes (doubled), CR and LF stay inside it; lines end
 * in CRLF. A UTF-8 byte-order mark leads the file so Excel reads Chinese text as UTF-8.
 *
 * CSV injection (OWASP): a text cell that begins with `=`, `+`, `-`, `@`, tab or CR would run as a
 * formula in a spreadsheet, so it gets a leading apostrophe and shows as text. The one exception is
 * a finite JavaScript number (or bigint): the writer formats it itself, so `-12.5` can only be a
 * numeral and stays a number that sums. Exporters that want a column to add up pass numbers; text
 * that merely looks numeric (a preformatted "-0.50") is neutralised like any other text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text: numbers as numerals, text as is (neutralised), anything else as JSON. */
function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'bigint') return String(v);
  const s = typeof v === 'string' || typeof v === 'number' ? String(v) : (JSON.stringify(v) ?? String(v));
  return FORMULA_START.test(s) ? `'${s}` : s;
}

/** One quoted cell. */
export const csvCell = (v: unknown): string => `"${text(v).replace(/"/g, '""')}"`;

// A column name that is a plain identifier (order_no) goes bare, as the server exports always wrote them.
const headCell = (name: string) => (/^\w+$/.test(name) ? name : csvCell(name));

/** A CSV file: a header and rows of cells, UTF-8 with a BOM for spreadsheet programs, CRLF lines. */
export function toCsv(head: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${[head.map(headCell), ...rows.map((r) => r.map(csvCell))].map((r) => r.join(',')).join('\r\n')}\r\n`;
}
