import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/shared/seeded-random';

describe('seeded random stream', () => {
  it('gives the mulberry32 stream the offline songs were made with, the same for the same seed', () => {
    const a = seededRandom(7);
    expect([a(), a(), a()]).toEqual([0.011704753153026104, 0.06195825757458806, 0.97690763277933]);
    const b = seededRandom(0xffffffff);
    expect([b(), b()]).toEqual([0.8964226141106337, 0.189478256739676]);
  });

  it('stays within [0, 1)', () => {
    const r = seededRandom(42);
    for (let i = 0; i < 10_000; i++) {
      const x = r();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});
