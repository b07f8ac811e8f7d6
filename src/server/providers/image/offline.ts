import { setTimeout as sleep } from 'node:timers/promises';
import { drawOffline } from './offline-edit';
import type { ImageProvider } from './types';

export { renderOffline } from './offline-render';

/** Steps an upscale reports: enlarging is quick beside painting a new picture. */
const UPSCALE_STEPS = 6;

/**
 * The offline default: a procedural renderer that needs no network. The same
 * prompt, seed, ratio and quality always give the same picture, and the same
 * edit of the same picture the same result (offline-edit.ts). It reports
 * progress once per step, `stepMs` apart, like a diffusion model would.
 */
export function createOfflineProvider(opts: { stepMs: number }): ImageProvider {
  return {
    mode: 'offline',
    async draw(job, hooks) {
      const steps = job.edit?.action === 'upscale' ? Math.min(job.steps, UPSCALE_STEPS) : job.steps;
      for (let step = 1; step <= steps; step++) {
        await sleep(opts.stepMs, undefined, { signal: hooks.signal });
        await hooks.progress(Math.round((step / steps) * 95));
      }
      const result = await drawOffline(job);
      hooks.signal.throwIfAborted();
      return result;
    },
  };
}
