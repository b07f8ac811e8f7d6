import { SignJWT } from 'jose';
import { callJson, keyPair, pollUntil, rehostMade } from './http';
import { type VideoProvider, VideoProviderError } from './types';

/**
 * Kling (可灵) video API: a JWT (HS256) made from the access key and signed with the secret key,
 * POST /v1/videos/text2video or /v1/videos/image2video, then GET of the task until its
 * task_status is succeed (task_result.videos[0].url) or failed.
 */
export interface KlingOptions {
  baseUrl: string;
  /** ACCESS_KEY:SECRET_KEY. */
  secret: string;
  model?: string;
  pollMs: number;
  fetch?: typeof fetch;
}

interface KlingReply<T> {
  code: number;
  message: string;
  data?: T;
}
interface KlingTask {
  task_id: string;
  task_status: 'submitted' | 'processing' | 'succeed' | 'failed';
  task_status_msg?: string;
  task_result?: { videos?: { url: string; duration?: string }[] };
}

/** The token Kling asks for: issuer the access key, valid for half an hour, from a few seconds ago. */
export async function klingToken(ak: string, sk: string, now = Date.now()): Promise<string> {
  const s = Math.floor(now / 1000);
  return new SignJWT({ iss: ak, exp: s + 1800, nbf: s - 5 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(sk));
}

export function createKlingProvider(o: KlingOptions): VideoProvider {
  const base = o.baseUrl.replace(/\/+$/, '');
  const call = async <T>(method: 'GET' | 'POST', path: string, body: unknown, signal: AbortSignal) => {
    const { ak, sk } = keyPair(o.secret, 'Kling');
    const reply = await callJson<KlingReply<T>>(
      `Kling ${path}`,
      base + path,
      {
        method,
        headers: { authorization: `Bearer ${await klingToken(ak, sk)}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      },
      o.fetch,
    );
    if (reply.code !== 0 || !reply.data) throw new VideoProviderError(`Kling ${path}: ${reply.code} ${reply.message}`);
    return reply.data;
  };
  return {
    mode: 'kling',
    async generate(r, ctx) {
      // The ref names the endpoint too: a task is read back where it was made.
      let ref = ctx.ref;
      if (!ref) {
        const kind = r.image ? 'image2video' : 'text2video';
        const common = {
          model_name: o.model || 'kling-v1',
          prompt: r.prompt,
          duration: String(r.duration),
          mode: 'std',
        };
        const body = r.image ? { ...common, image: r.image.toString('base64') } : { ...common, aspect_ratio: r.aspect };
        const task = await call<KlingTask>('POST', `/v1/videos/${kind}`, body, ctx.signal);
        ref = `${kind}/${task.task_id}`;
        await ctx.saveRef(ref);
      }
      await ctx.progress(10);
      const path = `/v1/videos/${ref}`;
      const url = await pollUntil(
        async () => {
          const t = await call<KlingTask>('GET', path, undefined, ctx.signal);
          if (t.task_status === 'failed') throw new VideoProviderError(`Kling: ${t.task_status_msg ?? 'failed'}`);
          if (t.task_status !== 'succeed') return null;
          const video = t.task_result?.videos?.[0]?.url;
          if (!video) throw new VideoProviderError('Kling finished with no video');
          return video;
        },
        { pollMs: o.pollMs, signal: ctx.signal, progress: ctx.progress },
      );
      return rehostMade(url, r.duration, ctx, o.fetch);
    },
  };
}
