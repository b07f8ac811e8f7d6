// Substring search ("contains", case-insensitive) served by a trigram index, and the page
// of a search with a bounded count. Migration 0025 explains the doubled characters.
import { count, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';

/** `%`, `_` and `\` match themselves (with ESCAPE '\'). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every character written twice, as the SQL function doubled_chars does ("山水" → "山山水水"). */
export const doubled = (s: string) => Array.from(s, (c) => c + c).join('');

/**
 * `text` contains `term`. The doubled form is what the GIN index on doubled_chars(text) answers
 * (a two-character term has two trigrams there); the plain ILIKE is the cheaper test on rows
 * reached by another index (newest first), and the planner evaluates it first. Both say the same.
 */
export function containsText(text: SQLWrapper, term: string): SQL {
  const plain = `%${escapeLike(term)}%`;
  const twice = `%${escapeLike(doubled(term))}%`;
  return sql`(${text} ILIKE ${plain} ESCAPE '\\' AND doubled_chars(${text}) ILIKE ${twice} ESCAPE '\\')`;
}

/** A search counts at most this many matches past its page (docs/api.md: a search's `total`). */
export const SEARCH_COUNT_CAP = 300;

/** How many rows of `table` match `where`, counting no further than `cap`. */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined, cap: number): Promise<number> {
  const matches = db.select({ one: sql`1` }).from(table).where(where).limit(cap).as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return row?.n ?? 0;
}

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
 * costs what reaching it costs, no more. `rows` may page by keyset and ignore the offset.
 */
export async function searchPage<T>(
  p: { pageNum: number; pageSize: number },
  q: { rows: (limit: number, offset: number) => Promise<T[]>; count: (cap: number) => Promise<number> },
): Promise<SearchPage<T>> {
  const offset = (p.pageNum - 1) * p.pageSize;
  const got = await q.rows(p.pageSize + 1, offset);
  const shown = offset + Math.min(got.length, p.pageSize);
  let total: number;
  if (got.length > p.pageSize) total = shown < SEARCH_COUNT_CAP ? await q.count(SEARCH_COUNT_CAP) : shown + 1;
  else if (got.length > 0 || offset === 0) total = shown;
  // Past the end: how many there are (fewer than the offset).
  else total = await q.count(offset);
  return { records: got.slice(0, p.pageSize), total, current: p.pageNum, size: p.pageSize };
}
