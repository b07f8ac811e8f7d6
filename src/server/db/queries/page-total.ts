import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Selected beside a page's columns: how many rows of `table` match `where`, so
 * a page and its total come back in one round trip instead of two (a signed-in
 * list's cost is mostly its round trips, not its rows). A scalar subquery, not
 * `count(*) over ()`: the window made PostgreSQL read every matching row of a
 * user with hundreds before it could keep thirty; the subquery counts on the
 * index and the page stops at its limit.
 */
export const totalOf = (table: PgTable, where: SQL | undefined) =>
  sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})::int`;

/**
 * The list's total from a page selected with `totalOf`: a page with rows
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
