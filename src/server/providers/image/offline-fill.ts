import { loadSharp } from '../sharp';
import { fitSide, outpaintLayout, type Rect } from './edit-geometry';
import { oneOrGrid } from './offline-grid';
import { type EditPicture, openPicture, sceneAt } from './offline-render';
import { type DrawEdit, type DrawJob, ImageProviderError } from './types';

/** Width of the soft seam where a kept picture meets new paint: a few pixels, more on large pictures. */
function featherOf(width: number, height: number): number {
  return Math.min(12, Math.max(2, Math.round(Math.min(width, height) / 96)));
}

/**
 * An alpha channel for a w×h picture that fades to clear over `f` pixels along the named edges
 * (those that meet new paint) and is opaque elsewhere.
 */
function fadeEdges(w: number, h: number, f: number, edges: { l: boolean; r: boolean; t: boolean; b: boolean }) {
  const alpha = Buffer.alloc(w * h);
  const ramp = (d: number) => Math.min(1, (d + 1) / (f + 1));
  for (let y = 0; y < h; y++) {
    const vy = Math.min(edges.t ? ramp(y) : 1, edges.b ? ramp(h - 1 - y) : 1);
    for (let x = 0; x < w; x++) {
      const vx = Math.min(edges.l ? ramp(x) : 1, edges.r ? ramp(w - 1 - x) : 1);
      alpha[y * w + x] = Math.round(255 * Math.min(vx, vy));
    }
  }
  return alpha;
}

/** The source shrunk into its rectangle on a fresh scene of the prompt, its seams to the new paint feathered. */
async function outpaintOne(job: DrawJob, src: EditPicture, inner: Rect, seed: number, w: number, h: number) {
  const sharp = await loadSharp();
  const f = featherOf(inner.width, inner.height);
  const alpha = fadeEdges(inner.width, inner.height, f, {
    l: inner.left > 0,
    r: inner.left + inner.width < w,
    t: inner.top > 0,
    b: inner.top + inner.height < h,
  });
  const kept = await sharp(src.png)
    .resize(inner.width, inner.height, { fit: 'fill' })
    .joinChannel(alpha, { raw: { width: inner.width, height: inner.height, channels: 1 } })
    .png()
    .toBuffer();
  return sharp(await sceneAt(job, seed, w, h))
    .composite([{ input: kept, left: inner.left, top: inner.top }])
    .png({ compressionLevel: 3 })
    .toBuffer();
}

/**
 * Zoom out and pan: outpaintLayout's canvas filled with a seeded scene of the prompt and the source
 * in its rectangle. A grid holds four such canvases at half size, each with its own fill.
 */
export async function outpaint(job: DrawJob, edit: DrawEdit): Promise<Buffer> {
  const src = await openPicture(edit.source, 'picture to extend');
  const layout = outpaintLayout(edit, src.width, src.height);
  return oneOrGrid(job, layout.width, layout.height, (seed, w, h) => {
    const kx = w / layout.width;
    const ky = h / layout.height;
    const left = Math.round(layout.inner.left * kx);
    const top = Math.round(layout.inner.top * ky);
    const inner = {
      left,
      top,
      width: Math.max(1, Math.min(w - left, Math.round(layout.inner.width * kx))),
      height: Math.max(1, Math.min(h - top, Math.round(layout.inner.height * ky))),
    };
    return outpaintOne(job, src, inner, seed, w, h);
  });
}

/**
 * Inpaint ("vary region"): a seeded scene of the prompt shows through the mask (white repaints,
 * black keeps), blurred a little so the region has no hard edge; the rest stays the source's.
 */
export async function inpaint(job: DrawJob, edit: DrawEdit): Promise<Buffer> {
  if (!edit.mask) throw new ImageProviderError('failed', 'inpainting needs a mask');
  const sharp = await loadSharp();
  const src = await openPicture(edit.source, 'picture to repaint');
  const mask = await openPicture(edit.mask, 'mask');
  const size = fitSide(src.width, src.height);
  return oneOrGrid(job, size.width, size.height, async (seed, w, h) => {
    const sigma = featherOf(w, h) / 2;
    const alpha = await sharp(mask.png)
      .resize(w, h, { fit: 'fill' })
      .greyscale()
      .blur(sigma)
      .extractChannel(0)
      .raw()
      .toBuffer();
    const paint = await sharp(await sceneAt(job, seed, w, h))
      .joinChannel(alpha, { raw: { width: w, height: h, channels: 1 } })
      .png()
      .toBuffer();
    return sharp(src.png)
      .resize(w, h, { fit: 'fill' })
      .composite([{ input: paint }])
      .png({ compressionLevel: 3 })
      .toBuffer();
  });
}
