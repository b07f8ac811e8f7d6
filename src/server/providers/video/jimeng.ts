import { callJson, keyPair, pollUntil, rehostMade } from './http';
import { type VideoProvider, VideoProviderError } from './types';
import { volcSign } from './volc-sign';

/**
 * 即梦 (Jimeng) video through Volcengine's visual API: CVSync2AsyncSubmitTask with the jimeng
 * video req_key, then CVSync2AsyncGetResult until the task is done (data.video_url), each call
 * signed with the account's access key and secret key (volc-sign.ts).
 */
export interface JimengOptions {
  baseUrl: string;
  /** ACCESS_KEY:SECRET_KEY. */
  secret: string;
  /** req_key of text-to-video; picture-to-video uses the matching i2v key. */
  model?: string;
  pollMs: number;
  fetch?: typeof fetch;
}

const VERSION = '2022-08-31';
const T2V = 'jimeng_vgfm_t2v_l20';
const I2V = 'jimeng_vgfm_i2v_l20';

interface VolcReply<T> {
  code: number;
  message: string;
  data?: T;
}
interface Result {
  status: 'in_queue' | 'generating' | 'done' | 'not_found' | 'expired';
  video_url?: string;
}

export function createJimengProvider(o: JimengOptions): VideoProvider {
  const base = new URL(o.baseUrl);
  const call = async <T>(action: string, body: Record<string, unknown>, signal: AbortSignal) => {
    const { ak, sk } = keyPair(o.secret, 'Jimeng');
    const text = JSON.stringify(body);
    const query = { Action: action, Version: VERSION };
    const path = base.pathname.replace(/\/+$/, '') || '/';
    const headers = volcSign({
      method: 'POST',
      path,
      query,
      host: base.host,
      body: text,
      ak,
      sk,
      region: 'cn-north-1',
      service: 'cv',
    });
    const url = `${base.origin}${path}?${new URLSearchParams(query)}`;
    const reply = await callJson<VolcReply<T>>(
      `Jimeng ${action}`,
      url,
      { method: 'POST', headers, body: text, signal },
      o.fetch,
    );
    if (reply.code !== 10000 || !reply.data)
      throw new VideoProviderError(`Jimeng ${action}: ${reply.code} ${reply.message}`);
    return reply.data;
  };
  return {
    mode: 'jimeng',
    async generate(r, ctx) {
      const reqKey = r.image ? I2V : o.model || T2V;
      let ref = ctx.ref;
      if (!ref) {
        const body = r.image
          ? { req_key: reqKey, prompt: r.prompt, binary_data_base64: [r.image.toString('base64')] }
          : { req_key: reqKey, prompt: r.prompt, seed: -1, aspect_ratio: r.aspect };
        ref = `${reqKey}/${(await call<{ task_id: string }>('CVSync2AsyncSubmitTask', body, ctx.signal)).task_id}`;
        await ctx.saveRef(ref);
      }
      await ctx.progress(10);
      const [key, taskId] = ref.split('/') as [string, string];
      const url = await pollUntil(
        async () => {
          const d = await call<Result>('CVSync2AsyncGetResult', { req_key: key, task_id: taskId }, ctx.signal);
          if (d.status === 'not_found' || d.status === 'expired')
            throw new VideoProviderError(`Jimeng task ${d.status}`);
          if (d.status !== 'done') return null;
          if (!d.video_url) throw new VideoProviderError('Jimeng finished with no video');
          return d.video_url;
        },
        { pollMs: o.pollMs, signal: ctx.signal, progress: ctx.progress },
      );
      return rehostMade(url, r.duration, ctx, o.fetch);
    },
  };
}
