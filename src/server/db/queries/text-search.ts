// Substring search ("contains", case-insensitive) served by a trigram index, and the page
// of a search with a bounded count. Migration 0025 explains the doubled characters.
import { count, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';

/**
 * `column` (a search_text column: the text lowercased, then each character doubled, kept by the
 * database) contains `term`, case-insensitively. The term is lowercased and doubled the same way
 * by PostgreSQL itself, then its `%`, `_` and `\` escaped, so both sides agree on every character;
 * a two-character term has two trigrams once doubled. LIKE on the stored text costs little per
 * row where a walk of the newest-first index tests thousands of them (migration 0027).
 */
export function containsText(column: SQLWrapper, term: string | Placeholder): SQL {
  const escaped = sql`replace(replace(replace(doubled_chars(lower(${term}::text)), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
  return sql`(${column} LIKE ('%' || ${escaped} || '%') ESCAPE '\\')`;
}

/** A search counts at most this many matches past its page (docs/api.md: a search's `total`). */
export const SEARCH_COUNT_CAP = 300;

/** The query of how many rows of `table` match `where`, counting no further than `cap` (to run or prepare). */
export const countUpToQuery = (db: Db, table: PgTable, where: SQL | undefined, cap: number | Placeholder) =>
  db.select({ n: count() }).from(db.select({ one: sql`1` }).from(table).where(where).limit(cap).as('matches'));

/** How many rows of `table` match `where`, counting no further than `cap`. */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined, cap: number): Promise<number> {
  const [row] = await countUpToQuery(db, table, where, cap);
  return row?.n ?? 0;
}

/**
 * Selected beside a search page's rows: how many rows of `table` match `where`, up to `cap`, so
 * the page and its count are one statement (one round trip, one plan); `cap` 0 counts nothing.
 */
export const matchesUpTo = (table: PgTable, where: SQL | undefined, cap: number | Placeholder) =>
  typeof cap !== 'number' || cap > 0
    ? sql<number>`(select count(*) from (select 1 from ${table} where ${where ?? sql`true`} limit ${cap}) m)::int`
    : sql<null>`null::int`;

export interface SearchPage<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

/**
 * One page of a search without counting every match: one row past the page says whether
 * another follows. The last page knows its total exactly; before it, `total` counts up to
 * SEARCH_COUNT_CAP matches, and deeper than that it is what the pages so far prove (one more
 * than they hold), so a list scrolls on to its last page however many match, and a deep page
 * costs what reaching it costs, no more. `rows` may page by keyset and ignore the offset; it
 * selects `matchesUpTo(…, cap)` beside each row as `total` (the count a page before the cap needs).
 */
export async function searchPage<T>(
  p: { pageNum: number; pageSize: number },
  q: {
    rows: (limit: number, offset: number, cap: number) => Promise<Array<{ row: T; total: number | null }>>;
    count: (cap: number) => Promise<number>;
  },
): Promise<SearchPage<T>> {
  const offset = (p.pageNum - 1) * p.pageSize;
  const cap = offset + p.pageSize < SEARCH_COUNT_CAP ? SEARCH_COUNT_CAP : 0;
  const got = await q.rows(p.pageSize + 1, offset, cap);
  const shown = offset + Math.min(got.length, p.pageSize);
  let total: number;
  if (got.length > p.pageSize) total = cap ? (got[0]?.total ?? (await q.count(cap))) : shown + 1;
  else if (got.length > 0 || offset === 0) total = shown;
  // Past the end: how many there are (fewer than the offset).
  else total = await q.count(offset);
  return { records: got.slice(0, p.pageSize).map((g) => g.row), total, current: p.pageNum, size: p.pageSize };
}
