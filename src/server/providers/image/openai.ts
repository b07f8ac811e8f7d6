import { setTimeout as sleep } from 'node:timers/promises';
import { downloadImage, fromBase64, HttpStatusError, isRecord, requestJson } from './http';
import { openAiEditRequest } from './openai-edit';
import { type AspectRatio, type DrawHooks, type ImageProvider, ImageProviderError } from './types';

export interface OpenAiImageConfig {
  /** …/v1 of an OpenAI-compatible service. */
  baseUrl: string;
  apiKey?: string;
  /** gpt-image-1, dall-e-3, or a compatible service's model id. */
  model: string;
}

/** The model's nearest supported size for a ratio. */
export function openAiSize(model: string, aspect: AspectRatio): string {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  const dalle = model.startsWith('dall-e');
  if (w === h) return '1024x1024';
  if (w > h) return dalle ? '1792x1024' : '1536x1024';
  return dalle ? '1024x1792' : '1024x1536';
}

const POLICY = /content_policy|moderation|safety/i;

/** Estimated progress while the service works: the images API reports none. */
async function estimate(hooks: DrawHooks, stop: AbortSignal) {
  const started = Date.now();
  while (!stop.aborted) {
    await sleep(2000, undefined, { signal: stop }).catch(() => undefined);
    if (stop.aborted) return;
    await hooks.progress(Math.round(90 * (1 - Math.exp(-(Date.now() - started) / 25_000))));
  }
}

/**
 * OpenAI images API adapter: generations, or edits when a reference image is given (gpt-image
 * models); actions on a picture as edits or variations (openai-edit.ts).
 */
export function createOpenAiImageProvider(cfg: OpenAiImageConfig): ImageProvider {
  const base = cfg.baseUrl.replace(/\/+$/, '');
  const auth: Record<string, string> = cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {};
  const gptImage = !cfg.model.startsWith('dall-e');

  return {
    mode: 'openai',
    async draw(job, hooks) {
      const size = openAiSize(cfg.model, job.aspect);
      const prompt = job.negativePrompt ? `${job.prompt}\n\nAvoid: ${job.negativePrompt}` : job.prompt;
      const quality = gptImage
        ? (['low', 'medium', 'high'] as const)[job.quality - 1]
        : job.quality > 1
          ? 'hd'
          : 'standard';
      const done = new AbortController();
      const ticker = estimate(hooks, AbortSignal.any([hooks.signal, done.signal]));
      let reply: unknown;
      try {
        const reference = job.references[0];
        const edit = job.edit && (await openAiEditRequest(job.edit, cfg.model, prompt));
        if (edit) {
          if (gptImage && edit.path === 'images/edits') edit.form.set('quality', quality);
          reply = await requestJson(`${base}/${edit.path}`, {
            method: 'POST',
            headers: auth,
            body: edit.form,
            signal: hooks.signal,
            timeoutMs: 10 * 60_000,
          });
        } else if (reference && gptImage) {
          const form = new FormData();
          form.set('model', cfg.model);
          form.set('prompt', prompt);
          form.set('size', size);
          form.set('quality', quality);
          form.set('image', new Blob([new Uint8Array(reference)], { type: 'image/png' }), 'reference.png');
          reply = await requestJson(`${base}/images/edits`, {
            method: 'POST',
            headers: auth,
            body: form,
            signal: hooks.signal,
            timeoutMs: 10 * 60_000,
          });
        } else {
          const body: Record<string, unknown> = { model: cfg.model, prompt, n: 1, size, quality };
          if (!gptImage) body.response_format = 'b64_json';
          reply = await requestJson(`${base}/images/generations`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify(body),
            signal: hooks.signal,
            timeoutMs: 10 * 60_000,
          });
        }
      } catch (err) {
        if (err instanceof HttpStatusError && POLICY.test(JSON.stringify(err.body)))
          throw new ImageProviderError('violation', 'the image service refused the prompt (content policy)');
        throw err;
      } finally {
        done.abort();
        await ticker;
      }
      const first = isRecord(reply) && Array.isArray(reply.data) ? reply.data[0] : undefined;
      if (isRecord(first) && typeof first.b64_json === 'string') return { image: fromBase64(first.b64_json) };
      if (isRecord(first) && typeof first.url === 'string')
        return { image: await downloadImage(first.url, hooks.signal) };
      throw new ImageProviderError('failed', 'the image service returned no picture');
    },
  };
}
