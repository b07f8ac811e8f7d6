import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { outpaintLayout, type Rect } from '../../src/server/providers/image/edit-geometry';
import { createOfflineProvider, renderOffline } from '../../src/server/providers/image/offline';
import { drawOffline } from '../../src/server/providers/image/offline-edit';
import { type DrawHooks, type DrawJob, ImageProviderError } from '../../src/server/providers/image/types';
import { edit, inset, job, mad, pixels, quads, S, sizeOf } from './offline-pixels';

let single: Buffer;
beforeAll(async () => {
  single = await renderOffline(job({ prompt: '海边的灯塔 黄昏', seed: 3 }));
});

/** The source at a rectangle's size, cropped by `by` pixels all round (past any feathered seam). */
const sourceIn = (r: Rect, by: number) =>
  pixels(single, undefined, r).then(async ({ data, width, height }) =>
    pixels(
      await sharp(data, { raw: { width, height, channels: 3 } })
        .png()
        .toBuffer(),
      inset({ ...r, left: 0, top: 0 }, by),
    ),
  );

describe('zoom out', () => {
  it('keeps the shrunk picture in the centre and paints new scenery round it', async () => {
    for (const zoom of [2, 1.5]) {
      const e = edit({ action: 'zoom', zoom, source: single });
      const out = (await drawOffline(job({ edit: e }))).image;
      expect(await sizeOf(out)).toEqual({ width: S, height: S });
      expect((await drawOffline(job({ edit: e }))).image.equals(out)).toBe(true);
      const { inner } = outpaintLayout(e, S, S);
      expect(mad(await pixels(out, inset(inner, 3)), await sourceIn(inner, 3))).toBeLessThan(1);
      const top = { left: 0, top: 0, width: S, height: inner.top - 3 };
      expect(mad(await pixels(out, top), await pixels(single, top))).toBeGreaterThan(10);
    }
  });
});

describe('pan', () => {
  it('keeps the picture whole on the side away from the direction and paints a new strip', async () => {
    for (const direction of ['left', 'right', 'up', 'down'] as const) {
      const e = edit({ action: 'pan', direction, source: single });
      const out = (await drawOffline(job({ edit: e, seed: 5 }))).image;
      const layout = outpaintLayout(e, S, S);
      const horizontal = direction === 'left' || direction === 'right';
      expect(await sizeOf(out)).toEqual(horizontal ? { width: 384, height: S } : { width: S, height: 384 });
      expect(layout.inner.left > 0 || layout.inner.top > 0).toBe(direction === 'left' || direction === 'up');
      expect(mad(await pixels(out, inset(layout.inner, 3)), await sourceIn(layout.inner, 3))).toBeLessThan(1);
      // The new strip: what the canvas holds beyond the picture, past the seam.
      const strip = horizontal
        ? { left: direction === 'left' ? 0 : S + 3, top: 0, width: S / 2 - 3, height: S }
        : { left: 0, top: direction === 'up' ? 0 : S + 3, width: S, height: S / 2 - 3 };
      const mine = await pixels(out, strip);
      const near = await pixels(single, { left: 0, top: 0, width: strip.width, height: strip.height });
      expect(mad(mine, near)).toBeGreaterThan(10);
      const { channels } = await sharp(out).extract(strip).stats();
      expect(channels[0]?.stdev).toBeGreaterThan(5);
    }
  });

  it('draws a grid of four pans, the picture kept in each, the new strips all different', async () => {
    const e = edit({ action: 'pan', direction: 'left', source: single });
    const out = await drawOffline(job({ edit: e, grid: true }));
    expect(out.grid).toBe(true);
    expect(await sizeOf(out.image)).toEqual({ width: 384, height: S });
    const kept = { left: 64, top: 0, width: 128, height: 128 };
    const strips = [];
    for (const q of quads(384, S)) {
      const inner = { ...kept, left: q.left + kept.left, top: q.top };
      expect(mad(await pixels(out.image, inset(inner, 3)), await sourceIn(inner, 3))).toBeLessThan(1);
      strips.push(await pixels(out.image, { left: q.left, top: q.top, width: 60, height: 128 }));
    }
    for (let a = 0; a < 4; a++) for (let b = a + 1; b < 4; b++) expect(mad(strips[a], strips[b])).toBeGreaterThan(4);
  });
});

describe('inpaint', () => {
  const half = { left: 0, top: 0, width: S / 2, height: S };
  const maskLeftHalf = () => {
    const px = Buffer.alloc(S * S);
    for (let y = 0; y < S; y++) px.fill(255, y * S, y * S + S / 2);
    return sharp(px, { raw: { width: S, height: S, channels: 1 } })
      .png()
      .toBuffer();
  };

  it('repaints the white of the mask and keeps the black', async () => {
    const e = edit({ action: 'inpaint', source: single, mask: await maskLeftHalf() });
    const out = (await drawOffline(job({ edit: e, seed: 8 }))).image;
    expect(await sizeOf(out)).toEqual({ width: S, height: S });
    expect((await drawOffline(job({ edit: e, seed: 8 }))).image.equals(out)).toBe(true);
    const keep = { left: S / 2 + 8, top: 0, width: S / 2 - 8, height: S };
    expect(mad(await pixels(out, keep), await pixels(single, keep))).toBeLessThan(0.5);
    const repainted = { ...half, width: S / 2 - 8 };
    expect(mad(await pixels(out, repainted), await pixels(single, repainted))).toBeGreaterThan(10);
  });

  it('draws four repaints as a grid, each keeping the black of the mask', async () => {
    const e = edit({ action: 'inpaint', source: single, mask: await maskLeftHalf() });
    const out = await drawOffline(job({ edit: e, grid: true }));
    expect(out.grid).toBe(true);
    const small = await sharp(single).resize(128, 128).png().toBuffer();
    const keep = { left: 72, top: 0, width: 56, height: 128 };
    const painted = [];
    for (const q of quads()) {
      expect(
        mad(await pixels(out.image, { ...keep, left: q.left + 72, top: q.top }), await pixels(small, keep)),
      ).toBeLessThan(0.5);
      painted.push(await pixels(out.image, { left: q.left, top: q.top, width: 56, height: 128 }));
    }
    for (let a = 0; a < 4; a++) for (let b = a + 1; b < 4; b++) expect(mad(painted[a], painted[b])).toBeGreaterThan(4);
  });

  it('fails without a mask', async () => {
    await expect(drawOffline(job({ edit: edit({ action: 'inpaint', source: single }) }))).rejects.toThrow(
      ImageProviderError,
    );
  });
});

describe('bad pictures and progress', () => {
  it('fails the task on bytes that are no picture, or a picture too large to be ours', async () => {
    const garbage = drawOffline(
      job({ edit: edit({ action: 'vary', strength: 'subtle', source: Buffer.from('<html>') }) }),
    );
    await expect(garbage).rejects.toMatchObject({ kind: 'failed' });
    const huge = await sharp({ create: { width: 2100, height: 2100, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const big = drawOffline(job({ edit: edit({ action: 'upscale', source: huge }) }));
    await expect(big).rejects.toMatchObject({ kind: 'failed', message: expect.stringMatching(/pixel limit/) });
  });

  it('reports progress per step, fewer steps for an upscale, and returns the edit', async () => {
    const provider = createOfflineProvider({ stepMs: 0 });
    const run = async (j: DrawJob) => {
      const seen: number[] = [];
      const hooks: DrawHooks = {
        signal: new AbortController().signal,
        progress: async (p) => void seen.push(p),
        providerTaskId: null,
        rememberProviderTaskId: async () => {},
        notifyHook: '',
        wait: async () => {},
      };
      return { result: await provider.draw(j, hooks), seen };
    };
    const up = await run(job({ edit: edit({ action: 'upscale', source: single }) }));
    expect(up.seen).toEqual([16, 32, 48, 63, 79, 95]);
    expect(up.result.grid).toBe(false);
    expect(await sizeOf(up.result.image)).toEqual({ width: 2 * S, height: 2 * S });
    const vary = await run(
      job({ steps: 4, grid: true, edit: edit({ action: 'vary', strength: 'strong', source: single }) }),
    );
    expect(vary.seen).toEqual([24, 48, 71, 95]);
    expect(vary.result.grid).toBe(true);
  });
});
