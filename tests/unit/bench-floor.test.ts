import { describe, expect, it } from 'vitest';
import {
  judgeLighthouse,
  judgeLoad,
  judgeRender,
  judgeSignIn,
  judgeUncachedLoad,
  lcpRatio,
  median,
  spread,
  tbtBudgetMs,
} from '../../bench/floor';
import { serverTimeMs } from '../../bench/render';

describe('bench floor budgets (same-run ratios against the bare Astro project)', () => {
  it('medians and spreads of rounds', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    expect(spread([120, 80, 95])).toBe('80–120');
  });

  it('gives island pages twice the bare island TBT plus 100 ms, static pages the bare TBT plus 50 ms', () => {
    expect(tbtBudgetMs('island', 50)).toBe(200);
    expect(tbtBudgetMs('static', 40)).toBe(90);
  });

  it('judges TBT and score against the matching bare page', () => {
    const bare = { performance: 99, tbtMs: 50, lcpMs: 700 };
    expect(judgeLighthouse('island', { performance: 96, tbtMs: 200, lcpMs: 2000 }, bare)).toEqual({
      ok: true,
      misses: [],
    });
    expect(judgeLighthouse('island', { performance: 95, tbtMs: 201, lcpMs: 900 }, bare).misses).toEqual([
      'performance',
      'TBT',
    ]);
    expect(judgeLighthouse('static', { performance: 99, tbtMs: 101, lcpMs: 700 }, bare).misses).toEqual(['TBT']);
  });

  it('a slower host moves the floor with our pages: the same ratio passes', () => {
    const fast = judgeLoad({ rps: 2000, p99Ms: 30 }, { rps: 4000, p99Ms: 20 });
    const slow = judgeLoad({ rps: 700, p99Ms: 45 }, { rps: 1400, p99Ms: 40 });
    expect(fast.ok && slow.ok).toBe(true);
    expect(slow.ratio).toBe(0.5);
  });

  it('misses load on a low ratio or a p99 at or above 50 ms', () => {
    expect(judgeLoad({ rps: 499, p99Ms: 10 }, { rps: 1000, p99Ms: 5 }).misses).toEqual(['req/s']);
    expect(judgeLoad({ rps: 900, p99Ms: 50 }, { rps: 1000, p99Ms: 5 }).misses).toEqual(['p99']);
    expect(judgeLoad({ rps: 10, p99Ms: 10 }, { rps: 0, p99Ms: 5 }).ok).toBe(false);
    expect(lcpRatio(1400, 700)).toBe(2);
  });

  it('judges the bypassed path by its ratio alone: a quarter of the floor, p99 told', () => {
    expect(judgeUncachedLoad({ rps: 250, p99Ms: 900 }, { rps: 1000, p99Ms: 5 })).toMatchObject({
      ok: true,
      ratio: 0.25,
    });
    expect(judgeUncachedLoad({ rps: 249, p99Ms: 10 }, { rps: 1000, p99Ms: 5 }).misses).toEqual(['req/s']);
    expect(judgeUncachedLoad({ rps: 10, p99Ms: 10 }, { rps: 0, p99Ms: 5 }).ok).toBe(false);
  });

  it('judges a render by its median server time, and an island page by its size too', () => {
    expect(judgeRender('island', { medianMs: 2, kb: 35 }).ok).toBe(true);
    expect(judgeRender('island', { medianMs: 2.01, kb: 35.1 }).misses).toEqual(['time', 'size']);
    expect(judgeRender('static', { medianMs: 1, kb: 60 }).ok).toBe(true);
    // A response that stated no time is no pass.
    expect(judgeRender('static', { medianMs: Number.NaN, kb: 1 }).misses).toEqual(['time']);
    expect(serverTimeMs('app;dur=1.25')).toBe(1.25);
    expect(serverTimeMs('db;dur=3, app;dur=0.5')).toBe(0.5);
    expect(serverTimeMs(null)).toBeNaN();
  });

  it("judges a sign-in against the bare hash of the same run, by the pages' rule", () => {
    const bare = { rps: 80, p99Ms: 700 };
    expect(judgeSignIn({ rps: 40, p99Ms: 1400 }, bare, false)).toMatchObject({ ok: true, rpsRatio: 0.5, p99Ratio: 2 });
    expect(judgeSignIn({ rps: 39, p99Ms: 1401 }, bare, false).misses).toEqual(['req/s', 'p99']);
    // One at a time no queue forms: the issue's own p99 < 50 ms.
    const alone = { rps: 36, p99Ms: 38 };
    expect(judgeSignIn({ rps: 30, p99Ms: 49 }, alone, true).ok).toBe(true);
    expect(judgeSignIn({ rps: 30, p99Ms: 50 }, alone, true).misses).toEqual(['p99']);
    expect(judgeSignIn({ rps: 10, p99Ms: 10 }, { rps: 0, p99Ms: 0 }, false).ok).toBe(false);
  });
});
