import { setTimeout as sleep } from 'node:timers/promises';
import { fromBase64, isRecord, requestJson } from './http';
import { type ImageProvider, ImageProviderError } from './types';

export interface SdWebuiConfig {
  /** Base URL of Stable Diffusion WebUI started with --api. */
  baseUrl: string;
  /** user:password when started with --api-auth. */
  auth?: string;
  pollMs: number;
  sampler: string;
}

/**
 * Stable Diffusion WebUI adapter: txt2img (img2img with a reference image),
 * progress from /sdapi/v1/progress while the request runs, and
 * /sdapi/v1/interrupt when the task is given up.
 */
export function createSdWebuiProvider(cfg: SdWebuiConfig): ImageProvider {
  const base = `${cfg.baseUrl.replace(/\/+$/, '')}/sdapi/v1`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (cfg.auth) headers.authorization = `Basic ${Buffer.from(cfg.auth).toString('base64')}`;

  return {
    mode: 'sd-webui',
    async draw(job, hooks) {
      const reference = job.references[0];
      const body: Record<string, unknown> = {
        prompt: job.prompt,
        negative_prompt: job.negativePrompt ?? '',
        steps: job.steps,
        width: job.width,
        height: job.height,
        seed: job.seed,
        cfg_scale: 7,
        sampler_name: cfg.sampler,
        batch_size: 1,
        n_iter: 1,
      };
      if (reference) {
        body.init_images = [reference.toString('base64')];
        body.denoising_strength = 0.6;
      }
      const endpoint = reference ? 'img2img' : 'txt2img';
      // One controller for the progress loop: it stops when the picture arrives.
      const polling = new AbortController();
      const signal = AbortSignal.any([hooks.signal, polling.signal]);
      const poll = (async () => {
        while (!signal.aborted) {
          await sleep(cfg.pollMs, undefined, { signal }).catch(() => undefined);
          if (signal.aborted) return;
          const p = await requestJson(`${base}/progress?skip_current_image=true`, {
            headers,
            signal,
            timeoutMs: 10_000,
          }).catch(() => null);
          if (isRecord(p) && typeof p.progress === 'number' && !signal.aborted)
            await hooks.progress(Math.min(99, Math.round(p.progress * 100)));
        }
      })();
      try {
        const reply = await requestJson(`${base}/${endpoint}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: hooks.signal,
          timeoutMs: 30 * 60_000,
        });
        const first = isRecord(reply) && Array.isArray(reply.images) ? reply.images[0] : undefined;
        if (typeof first !== 'string' || first.length === 0)
          throw new ImageProviderError('failed', 'SD WebUI returned no image');
        await hooks.progress(100);
        return { image: fromBase64(first) };
      } catch (err) {
        if (hooks.signal.aborted) {
          await requestJson(`${base}/interrupt`, {
            method: 'POST',
            headers,
            signal: AbortSignal.timeout(5000),
          }).catch(() => undefined);
        }
        throw err;
      } finally {
        polling.abort();
        await poll;
      }
    },
  };
}
