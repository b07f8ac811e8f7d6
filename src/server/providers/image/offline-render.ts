import type { OverlayOptions } from 'sharp';
import { loadSharp } from '../sharp';
import { EDIT_MAX_SIDE } from './edit-geometry';
import { composeScene, sceneSvg } from './scene';
import { rngFrom } from './scene-theme';
import { type DrawJob, ImageProviderError } from './types';

const GRAIN_TILE = 256;

/**
 * Film grain: a deterministic grey noise tile with a faint alpha, tiled over the picture. The tile
 * shrinks to fit a smaller picture (a grid's candidate may be): sharp tiles nothing larger than it.
 */
function grain(seedText: string, width: number, height: number) {
  const rng = rngFrom(`grain\u0000${seedText}`);
  const tile = { width: Math.min(GRAIN_TILE, width), height: Math.min(GRAIN_TILE, height), channels: 2 as const };
  const px = Buffer.alloc(tile.width * tile.height * 2);
  for (let i = 0; i < px.length; i += 2) {
    px[i] = Math.round(rng.next() * 255);
    px[i + 1] = 22;
  }
  return { px, tile };
}

/** The picture itself: the scene, a reference image blended in softly (img2img in spirit), and grain. */
export async function renderOffline(job: DrawJob): Promise<Buffer> {
  const sharp = await loadSharp();
  const seedText = `${job.prompt}\u0000${job.negativePrompt ?? ''}`;
  const scene = composeScene(seedText, job.seed, job.width, job.height);
  const layers: OverlayOptions[] = [];
  const reference = job.references[0];
  if (reference) {
    const soft = await sharp(reference)
      .resize(job.width, job.height, { fit: 'cover' })
      .removeAlpha()
      .ensureAlpha(0.45)
      .png()
      .toBuffer();
    layers.push({ input: soft, blend: 'soft-light' });
  }
  const { px, tile } = grain(seedText, job.width, job.height);
  layers.push({
    input: px,
    raw: tile,
    tile: true,
    blend: 'overlay',
  });
  const base = await sharp(Buffer.from(sceneSvg(scene)))
    .png()
    .toBuffer();
  return sharp(base).composite(layers).png({ compressionLevel: 3 }).toBuffer();
}

/** A fresh scene of the job's prompt at another seed and size (what an edit paints with), opaque RGB. */
export async function sceneAt(job: DrawJob, seed: number, width: number, height: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const png = await renderOffline({ ...job, seed, width, height, references: [] });
  return sharp(png).removeAlpha().png({ compressionLevel: 3 }).toBuffer();
}

/**
 * Pixels a picture to edit (or its mask) may declare. Stored pictures fit EDIT_MAX_SIDE, so a
 * larger one is not ours: refused from its header before anything is decoded.
 */
export const EDIT_INPUT_PIXELS = EDIT_MAX_SIDE * EDIT_MAX_SIDE;

/** A decoded edit input: its pixels as a PNG (no alpha) and its size. */
export interface EditPicture {
  png: Buffer;
  width: number;
  height: number;
}

/** Opens a picture to edit, bounded; unreadable or oversized bytes are the task's failure, not a crash. */
export async function openPicture(bytes: Buffer, what: string): Promise<EditPicture> {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: EDIT_INPUT_PIXELS })
      .flatten({ background: '#000000' })
      .png({ compressionLevel: 3 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (err) {
    throw new ImageProviderError('failed', `the ${what} could not be read: ${(err as Error).message}`);
  }
}
