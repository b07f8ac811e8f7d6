import { setTimeout as sleep } from 'node:timers/promises';
import type { OverlayOptions } from 'sharp';
import { loadSharp } from '../sharp';
import { composeScene, sceneSvg } from './scene';
import { rngFrom } from './scene-theme';
import type { DrawJob, ImageProvider } from './types';

const GRAIN_TILE = 256;

/** Film grain: a deterministic grey noise tile with a faint alpha, tiled over the picture. */
function grain(seedText: string): Buffer {
  const rng = rngFrom(`grain\u0000${seedText}`);
  const px = Buffer.alloc(GRAIN_TILE * GRAIN_TILE * 2);
  for (let i = 0; i < px.length; i += 2) {
    px[i] = Math.round(rng.next() * 255);
    px[i + 1] = 22;
  }
  return px;
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
  layers.push({
    input: grain(seedText),
    raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 2 },
    tile: true,
    blend: 'overlay',
  });
  const base = await sharp(Buffer.from(sceneSvg(scene)))
    .png()
    .toBuffer();
  return sharp(base).composite(layers).png({ compressionLevel: 3 }).toBuffer();
}

/**
 * The offline default: a procedural renderer that needs no network. The same
 * prompt, seed, ratio and quality always give the same picture. It reports
 * progress once per step, `stepMs` apart, like a diffusion model would.
 */
export function createOfflineProvider(opts: { stepMs: number }): ImageProvider {
  return {
    mode: 'offline',
    async draw(job, hooks) {
      for (let step = 1; step <= job.steps; step++) {
        await sleep(opts.stepMs, undefined, { signal: hooks.signal });
        await hooks.progress(Math.round((step / job.steps) * 95));
      }
      const image = await renderOffline(job);
      hooks.signal.throwIfAborted();
      return { image };
    },
  };
}
