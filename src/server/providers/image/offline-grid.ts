import { loadSharp } from '../sharp';
import { quadrant, type Rect } from './edit-geometry';
import type { DrawJob } from './types';

/**
 * Midjourney's 2×2 grid: four candidates in one picture, each in its quadrant (edit-geometry's
 * `quadrant`, so U1–U4 crop exactly what was drawn). No gutter: a crop must hold nothing but its
 * candidate. `cell(k, rect)` draws candidate k (0–3) at the rectangle's size.
 */
export async function composeGrid(
  width: number,
  height: number,
  cell: (k: number, rect: Rect) => Promise<Buffer>,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const rects = [1, 2, 3, 4].map((i) => quadrant(i, width, height));
  // One at a time: four scenes at once would hold four decoded pictures for no gain on two cores.
  const cells: Buffer[] = [];
  for (const [k, rect] of rects.entries()) cells.push(await cell(k, rect));
  // The first candidate, extended to the whole canvas, is the ground the others are laid on.
  const first = rects[0] as Rect;
  return sharp(cells[0])
    .extend({ right: width - first.width, bottom: height - first.height, background: '#101018' })
    .composite(
      cells.slice(1).map((input, k) => ({ input, left: rects[k + 1]?.left ?? 0, top: rects[k + 1]?.top ?? 0 })),
    )
    .png({ compressionLevel: 3 })
    .toBuffer();
}

/**
 * One picture, or a grid of four when the job asks for one: `draw(seed, width, height)` makes a
 * candidate; a grid's four use seeds seed … seed+3 at its quadrants' sizes.
 */
export function oneOrGrid(
  job: DrawJob,
  width: number,
  height: number,
  draw: (seed: number, width: number, height: number) => Promise<Buffer>,
): Promise<Buffer> {
  if (!job.grid) return draw(job.seed, width, height);
  return composeGrid(width, height, (k, rect) => draw(job.seed + k, rect.width, rect.height));
}
