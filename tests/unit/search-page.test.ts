// A search's page and its bounded total (src/server/db/queries/text-search.ts): the list a
// browser scrolls (isLastPage) must reach every match, yet no page counts them all.
import { describe, expect, it } from 'vitest';
import { isLastPage } from '../../src/lib/api/list-loader';
import { SEARCH_COUNT_CAP, searchPage } from '../../src/server/db/queries/text-search';

/** `matches` rows; records what the page asked for. */
function source(matches: number) {
  const asked = { counted: [] as number[], beside: [] as number[], scanned: 0 };
  const all = Array.from({ length: matches }, (_, i) => i);
  return {
    asked,
    q: {
      // `beside`: the count selected with the rows (matchesUpTo), evaluated when a row carries it.
      rows: async (limit: number, offset: number, cap: number) => {
        asked.scanned = Math.max(asked.scanned, Math.min(matches, offset + limit));
        const rows = all.slice(offset, offset + limit);
        if (cap && rows.length) asked.beside.push(cap);
        return rows.map((row) => ({ row, total: cap ? Math.min(matches, cap) : null }));
      },
      count: async (cap: number) => {
        asked.counted.push(cap);
        return Math.min(matches, cap);
      },
    },
  };
}

describe('searchPage', () => {
  it('runs no count of its own when the page is the last, and its total is exact', async () => {
    const { q, asked } = source(45);
    const page = await searchPage({ pageNum: 2, pageSize: 30 }, q);
    expect(page).toMatchObject({ total: 45, current: 2, size: 30 });
    expect(page.records).toHaveLength(15);
    expect(asked.counted).toEqual([]);
  });

  it('counts up to the cap before the last page, in the same statement as the rows', async () => {
    const small = source(100);
    expect((await searchPage({ pageNum: 1, pageSize: 30 }, small.q)).total).toBe(100);
    const big = source(100_000);
    expect((await searchPage({ pageNum: 1, pageSize: 30 }, big.q)).total).toBe(SEARCH_COUNT_CAP);
    expect(big.asked.beside).toEqual([SEARCH_COUNT_CAP]);
    expect(big.asked.counted).toEqual([]);
  });

  it('past the cap counts nothing and reads only up to its page', async () => {
    const { q, asked } = source(100_000);
    const page = await searchPage({ pageNum: 100, pageSize: 30 }, q);
    expect(page.total).toBe(3001);
    expect(page.records[0]).toBe(2970);
    expect(asked.counted).toEqual([]);
    expect(asked.beside).toEqual([]);
    expect(asked.scanned).toBe(3001);
  });

  it('lets an infinite list reach the last match however many there are', async () => {
    for (const matches of [0, 29, 30, 31, SEARCH_COUNT_CAP, SEARCH_COUNT_CAP + 1, 1234]) {
      const { q } = source(matches);
      const seen: number[] = [];
      for (let pageNum = 1; pageNum < 100; pageNum++) {
        const page = await searchPage({ pageNum, pageSize: 30 }, q);
        seen.push(...page.records);
        if (isLastPage(page)) {
          expect(page.total, `${matches} matches`).toBe(matches);
          break;
        }
      }
      expect(seen, `${matches} matches`).toHaveLength(matches);
    }
  });

  it('answers the true total when asked for a page past the end', async () => {
    const { q } = source(40);
    expect(await searchPage({ pageNum: 5, pageSize: 30 }, q)).toMatchObject({ records: [], total: 40 });
  });
});
