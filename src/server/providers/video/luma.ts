import { callJson, pollUntil, rehostMade } from './http';
import { type VideoProvider, VideoProviderError } from './types';

/**
 * Luma Dream Machine API: POST /dream-machine/v1/generations, then GET /generations/{id} until its
 * state is completed (assets.video) or failed. The reference picture goes as a URL (keyframes.frame0).
 */
export interface LumaOptions {
  baseUrl: string;
  secret: string;
  model?: string;
  pollMs: number;
  fetch?: typeof fetch;
}

interface Generation {
  id: string;
  state: 'queued' | 'dreaming' | 'completed' | 'failed';
  failure_reason?: string | null;
  assets?: { video?: string | null; image?: string | null } | null;
}

export function createLumaProvider(o: LumaOptions): VideoProvider {
  const base = `${o.baseUrl.replace(/\/+$/, '')}/dream-machine/v1/generations`;
  const headers = {
    authorization: `Bearer ${o.secret}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  return {
    mode: 'luma',
    async generate(r, ctx) {
      let ref = ctx.ref;
      if (!ref) {
        if (r.image && !r.imageUrl) throw new VideoProviderError('Luma needs the reference picture at a URL');
        const body = {
          prompt: r.prompt,
          model: o.model || 'ray-2',
          aspect_ratio: r.aspect,
          duration: `${r.duration}s`,
          ...(r.image && r.imageUrl ? { keyframes: { frame0: { type: 'image', url: r.imageUrl } } } : {}),
        };
        const made = await callJson<Generation>(
          'Luma',
          base,
          { method: 'POST', headers, body: JSON.stringify(body), signal: ctx.signal },
          o.fetch,
        );
        if (!made.id) throw new VideoProviderError('Luma answered no generation id');
        ref = made.id;
        await ctx.saveRef(ref);
      }
      await ctx.progress(10);
      const url = await pollUntil(
        async () => {
          const g = await callJson<Generation>(
            'Luma',
            `${base}/${encodeURIComponent(ref)}`,
            { headers, signal: ctx.signal },
            o.fetch,
          );
          if (g.state === 'failed') throw new VideoProviderError(`Luma: ${g.failure_reason ?? 'failed'}`);
          if (g.state !== 'completed') return null;
          if (!g.assets?.video) throw new VideoProviderError('Luma finished with no video');
          return g.assets.video;
        },
        { pollMs: o.pollMs, signal: ctx.signal, progress: ctx.progress },
      );
      return rehostMade(url, r.duration, ctx, o.fetch);
    },
  };
}
