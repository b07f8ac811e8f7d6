import { setTimeout as sleep } from 'node:timers/promises';
import { fromBase64, isRecord, requestJson } from './http';
import { DEFAULT_UPSCALER, type SdRequest, sdEditRequest } from './sd-webui-edit';
import { type DrawJob, type ImageProvider, ImageProviderError } from './types';

export interface SdWebuiConfig {
  /** Base URL of Stable Diffusion WebUI started with --api. */
  baseUrl: string;
  /** user:password when started with --api-auth. */
  auth?: string;
  pollMs: number;
  sampler: string;
  /** The extras upscaler an upscale action uses (DEFAULT_UPSCALER unless set). */
  upscaler?: string;
}

/** A new picture from the prompt: txt2img, or img2img from a reference image. */
function drawRequest(job: DrawJob): SdRequest {
  const reference = job.references[0];
  const body: Record<string, unknown> = {
    prompt: job.prompt,
    negative_prompt: job.negativePrompt ?? '',
    steps: job.steps,
    width: job.width,
    height: job.height,
    seed: job.seed,
    cfg_scale: 7,
    batch_size: 1,
    n_iter: 1,
  };
  if (!reference) return { endpoint: 'txt2img', body };
  return {
    endpoint: 'img2img',
    body: { ...body, init_images: [reference.toString('base64')], denoising_strength: 0.6 },
  };
}

/**
 * Stable Diffusion WebUI adapter: txt2img (img2img with a reference image),
 * actions on a picture as img2img or the extras upscaler (sd-webui-edit.ts),
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
      const request =
        (job.edit && (await sdEditRequest(job, job.edit, cfg.upscaler || DEFAULT_UPSCALER))) ?? drawRequest(job);
      const { endpoint } = request;
      const body = endpoint === 'extra-single-image' ? request.body : { ...request.body, sampler_name: cfg.sampler };
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
        // txt2img / img2img answer `images`, the extras tab one `image`.
        const first = !isRecord(reply) ? undefined : Array.isArray(reply.images) ? reply.images[0] : reply.image;
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
