import { sql } from 'drizzle-orm';

/**
 * Selected beside a page's columns: the number of rows the filter matches, so
 * a page and its total come back in one query instead of two (a signed-in
 * list's cost is mostly its round trips, not its rows).
 */
export const totalOver = sql<number>`(count(*) over ())::int`;

/**
 * The list's total from a page selected with `totalOver`: a page with rows
 * carries it; an empty first page means none; an empty later page (past the
 * end) counts apart.
 */
export async function pageTotal(
  rows: ReadonlyArray<{ total: number }>,
  pageNum: number,
  countAll: () => Promise<number>,
): Promise<number> {
  const first = rows[0];
  if (first) return Number(first.total);
  return pageNum === 1 ? 0 : countAll();
}
