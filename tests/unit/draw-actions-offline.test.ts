import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderOffline } from '../../src/server/providers/image/offline';
import { drawOffline } from '../../src/server/providers/image/offline-edit';
import { edit, job, mad, nearestQuadrant, pixels, quads, S, sizeOf } from './offline-pixels';

let grid: Buffer;
let single: Buffer;
beforeAll(async () => {
  grid = (await drawOffline(job({ grid: true }))).image;
  single = await renderOffline(job({ prompt: '海边的灯塔 黄昏', seed: 3 }));
});

describe('the offline grid', () => {
  it('draws four candidates, seeds seed … seed+3 at half size, one in each quadrant', async () => {
    const again = await drawOffline(job({ grid: true }));
    expect(again.grid).toBe(true);
    expect(again.image.equals(grid)).toBe(true);
    expect(await sizeOf(grid)).toEqual({ width: S, height: S });
    for (const [k, q] of quads().entries()) {
      const alone = await renderOffline(job({ seed: 11 + k, width: S / 2, height: S / 2 }));
      expect(mad(await pixels(grid, q), await pixels(alone))).toBe(0);
    }
    const cells = await Promise.all(quads().map((q) => pixels(grid, q)));
    for (let a = 0; a < 4; a++) for (let b = a + 1; b < 4; b++) expect(mad(cells[a], cells[b])).toBeGreaterThan(8);
  });

  it('draws one picture when no grid is asked', async () => {
    const one = await drawOffline(job());
    expect(one.grid).toBe(false);
    expect(one.image.equals(await renderOffline(job()))).toBe(true);
  });
});

describe('upscale', () => {
  it('U1–U4 enlarge their own quadrant of the grid 2×', async () => {
    for (const index of [1, 2, 3, 4]) {
      const e = edit({ action: 'upscale', index, source: grid, sourceGrid: true });
      const out = await drawOffline(job({ edit: e }));
      expect(out.grid).toBe(false);
      expect(await sizeOf(out.image)).toEqual({ width: S, height: S });
      expect((await drawOffline(job({ edit: e }))).image.equals(out.image)).toBe(true);
      const { best, d } = await nearestQuadrant(grid, out.image);
      expect(best).toBe(index);
      expect(d[index - 1]).toBeLessThan(4);
    }
  });

  it('enlarges a single picture whole, 2× and no larger than 2048 on a side', async () => {
    const out = await drawOffline(job({ edit: edit({ action: 'upscale', source: single }) }));
    expect(await sizeOf(out.image)).toEqual({ width: 2 * S, height: 2 * S });
    expect(mad(await pixels(out.image, undefined, { width: S, height: S }), await pixels(single))).toBeLessThan(4);
    const big = await sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#4080c0' } })
      .png()
      .toBuffer();
    const fitted = await drawOffline(job({ edit: edit({ action: 'upscale', source: big }) }));
    expect(await sizeOf(fitted.image)).toEqual({ width: 2048, height: 1365 });
  });
});

describe('variation and vary', () => {
  it('V1–V4 start from their quadrant: each candidate is nearest to it, and the four differ', async () => {
    for (const index of [1, 4]) {
      const e = edit({ action: 'variation', index, source: grid, sourceGrid: true });
      const one = await drawOffline(job({ edit: e, seed: 40 }));
      expect(one.grid).toBe(false);
      expect(await sizeOf(one.image)).toEqual({ width: S, height: S });
      expect((await nearestQuadrant(grid, one.image)).best).toBe(index);
      const four = await drawOffline(job({ edit: e, seed: 40, grid: true }));
      expect(four.grid).toBe(true);
      expect((await drawOffline(job({ edit: e, seed: 40, grid: true }))).image.equals(four.image)).toBe(true);
      for (const q of quads()) expect((await nearestQuadrant(grid, four.image, q)).best).toBe(index);
      const cells = await Promise.all(quads().map((q) => pixels(four.image, q)));
      for (let a = 0; a < 4; a++) for (let b = a + 1; b < 4; b++) expect(mad(cells[a], cells[b])).toBeGreaterThan(4);
    }
  });

  it('keeps a subtle vary much closer to the picture than a strong one', async () => {
    const source = await pixels(single);
    const vary = async (strength: 'strong' | 'subtle') =>
      (await drawOffline(job({ seed: 50, edit: edit({ action: 'vary', strength, source: single }) }))).image;
    const subtle = await vary('subtle');
    const strong = await vary('strong');
    expect((await vary('subtle')).equals(subtle)).toBe(true);
    expect(await sizeOf(strong)).toEqual({ width: S, height: S });
    const dSubtle = mad(await pixels(subtle), source);
    const dStrong = mad(await pixels(strong), source);
    expect(dSubtle).toBeGreaterThan(1);
    expect(dStrong).toBeGreaterThan(dSubtle * 2);
  });
});

describe('reroll', () => {
  it('draws the prompt anew with the new seed, as a grid when asked', async () => {
    const e = edit({ action: 'reroll', source: grid, sourceGrid: true });
    const out = await drawOffline(job({ edit: e, seed: 99, grid: true }));
    expect(out.grid).toBe(true);
    expect(out.image.equals((await drawOffline(job({ seed: 99, grid: true }))).image)).toBe(true);
    expect(mad(await pixels(out.image), await pixels(grid))).toBeGreaterThan(8);
  });
});
