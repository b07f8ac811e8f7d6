import { loadSharp } from '../sharp';
import { fitSide, quadrant } from './edit-geometry';
import { inpaint, outpaint } from './offline-fill';
import { oneOrGrid } from './offline-grid';
import { openPicture, renderOffline, sceneAt } from './offline-render';
import type { DrawEdit, DrawJob, DrawResult } from './types';

/** How much of a fresh scene a variation mixes into its base: subtle stays much closer than strong. */
const MIX = { variation: 0.45, strong: 0.5, subtle: 0.16 } as const;

/** U1–U4 crop the grid's quadrant, a single picture is taken whole; then 2× (lanczos3) and a mild sharpen. */
async function upscale(edit: DrawEdit): Promise<Buffer> {
  const sharp = await loadSharp();
  const src = await openPicture(edit.source, 'picture to upscale');
  const part =
    edit.index !== null && edit.sourceGrid
      ? quadrant(edit.index, src.width, src.height)
      : { left: 0, top: 0, width: src.width, height: src.height };
  const out = fitSide(part.width * 2, part.height * 2);
  return sharp(src.png)
    .extract(part)
    .resize(out.width, out.height, { fit: 'fill', kernel: 'lanczos3' })
    .sharpen({ sigma: 0.6 })
    .png({ compressionLevel: 3 })
    .toBuffer();
}

/**
 * Variation (V1–V4 of a grid: its quadrant) and vary (a single picture): each candidate is the
 * base at the candidate's size with a freshly seeded scene of the prompt laid over it at `mix`.
 */
async function vary(job: DrawJob, edit: DrawEdit, mix: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const src = await openPicture(edit.source, 'picture to vary');
  const base =
    edit.action === 'variation' && edit.index !== null && edit.sourceGrid
      ? await sharp(src.png)
          .extract(quadrant(edit.index, src.width, src.height))
          .png()
          .toBuffer()
      : src.png;
  const size = fitSide(src.width, src.height);
  return oneOrGrid(job, size.width, size.height, async (seed, width, height) => {
    const fresh = await sharp(await sceneAt(job, seed, width, height))
      .ensureAlpha(mix)
      .png()
      .toBuffer();
    return sharp(base)
      .resize(width, height, { fit: 'fill' })
      .composite([{ input: fresh }])
      .png({ compressionLevel: 3 })
      .toBuffer();
  });
}

/** The picture an offline job makes: a drawing from the prompt (one or a grid) or one of the edits. */
export async function drawOffline(job: DrawJob): Promise<DrawResult> {
  const edit = job.edit;
  const draw = (seed: number, width: number, height: number) => renderOffline({ ...job, seed, width, height });
  switch (edit?.action) {
    case undefined:
    case 'reroll':
      return { image: await oneOrGrid(job, job.width, job.height, draw), grid: job.grid };
    case 'upscale':
      return { image: await upscale(edit), grid: false };
    case 'variation':
      return { image: await vary(job, edit, MIX.variation), grid: job.grid };
    case 'vary':
      return { image: await vary(job, edit, edit.strength === 'subtle' ? MIX.subtle : MIX.strong), grid: job.grid };
    case 'zoom':
    case 'pan':
      return { image: await outpaint(job, edit), grid: job.grid };
    case 'inpaint':
      return { image: await inpaint(job, edit), grid: job.grid };
  }
}
