import type { ChannelFlavour, ChannelKind } from '../../../shared/contract/channels';
import { expectOk, isRecord, ProbeFailure, type ProbeReason, probeCall } from './http';
import { jimengProbe, klingProbe, lumaProbe } from './video';

// The console's "test" of a channel (docs/channels.md#test): cheap read-only calls that show
// whether the upstream answers, whether the key works, and which dialect it speaks. The only
// paid call is chat's one-token completion. The key is sent, never returned or logged.

export type { ProbeReason };

export interface ProbeTarget {
  kind: ChannelKind;
  flavour: ChannelFlavour;
  baseUrl: string;
  /** The channel's first key, opened; null when it has none. */
  secret: string | null;
  /** Model ids the channel offers (chat: the first is used for the completion). */
  models: string[];
}

export interface ProbeResult {
  ok: boolean;
  /** The dialect the upstream speaks, when it could be told. */
  detected: ChannelFlavour | null;
  reason: ProbeReason | null;
  status: number | null;
  /** Models the upstream lists (chat, OpenAI images and speech, SD WebUI), at most 50. */
  upstreamModels: string[];
  /** The channel's models the upstream does not list. */
  missing: string[];
}

interface Seen {
  detected: ChannelFlavour;
  upstreamModels?: string[];
}

type Probe = (t: ProbeTarget) => Promise<Seen>;

const bearer = (t: ProbeTarget): Record<string, string> => (t.secret ? { authorization: `Bearer ${t.secret}` } : {});

/** OpenAI-compatible model list: {object: 'list', data: [{id}]} at {base}/models (base is …/v1). */
async function openAiModels(t: ProbeTarget): Promise<string[]> {
  const answer = await probeCall(`${t.baseUrl}/models`, { headers: bearer(t) });
  if (answer.status === 404 && !/\/v1$/.test(t.baseUrl)) {
    // Many services live under /v1: say so rather than "wrong address".
    const again = await probeCall(`${t.baseUrl}/v1/models`, { headers: bearer(t) }).catch(() => null);
    if (again && again.status === 200 && isRecord(again.body) && Array.isArray(again.body.data))
      throw new ProbeFailure('missingV1', 404);
  }
  const body = expectOk(answer);
  if (!isRecord(body) || !Array.isArray(body.data)) throw new ProbeFailure('shape', answer.status);
  return body.data.flatMap((m) => (isRecord(m) && typeof m.id === 'string' ? [m.id] : []));
}

/** Chat: the model list, then a one-token completion with the channel's first model. */
const openAiChat: Probe = async (t) => {
  const listed = await openAiModels(t);
  const model = t.models[0] ?? listed[0];
  if (model) {
    const answer = await probeCall(`${t.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: bearer(t),
      json: { model, messages: [{ role: 'user', content: 'ping' }], max_tokens: 1, stream: false },
    });
    if (answer.status === 400 || answer.status === 404) {
      const text = JSON.stringify(answer.body ?? '');
      if (/model/i.test(text)) throw new ProbeFailure('badModel', answer.status);
    }
    const body = expectOk(answer);
    if (!isRecord(body) || !Array.isArray(body.choices)) throw new ProbeFailure('shape', answer.status);
  }
  return { detected: 'openai', upstreamModels: listed };
};

const openAiImages: Probe = async (t) => ({ detected: 'openai-images', upstreamModels: await openAiModels(t) });

/** Speech: the model list only; a transcription or read-aloud would spend the site's money. */
const openAiSpeech: Probe = async (t) => ({ detected: 'openai-speech', upstreamModels: await openAiModels(t) });

/**
 * midjourney-proxy and MJ-Plus share `mj-api-secret` and /mj/task/list-by-condition (a JSON
 * array of tasks); only MJ-Plus has /mj/submit/action (and `buttons` on its tasks). An empty
 * action is refused by MJ-Plus's own validation ({code, description}) and draws nothing.
 */
const midjourney: Probe = async (t) => {
  const headers: Record<string, string> = t.secret ? { 'mj-api-secret': t.secret } : {};
  const list = await probeCall(`${t.baseUrl}/mj/task/list-by-condition`, {
    method: 'POST',
    headers,
    json: { ids: [] },
  });
  const tasks = expectOk(list);
  if (!Array.isArray(tasks)) throw new ProbeFailure('shape', list.status);
  if (tasks.some((task) => isRecord(task) && Array.isArray(task.buttons))) return { detected: 'mj-plus' };
  const action = await probeCall(`${t.baseUrl}/mj/submit/action`, { method: 'POST', headers, json: {} });
  if (action.status === 401 || action.status === 403) throw new ProbeFailure('badKey', action.status);
  const plus = isRecord(action.body) && typeof action.body.code === 'number' && action.status !== 404;
  return { detected: plus ? 'mj-plus' : 'midjourney-proxy' };
};

/** SD WebUI (--api): /sdapi/v1/sd-models lists checkpoints; --api-auth user:pass is HTTP Basic. */
const sdWebui: Probe = async (t) => {
  const headers: Record<string, string> = t.secret
    ? { authorization: `Basic ${Buffer.from(t.secret).toString('base64')}` }
    : {};
  const answer = await probeCall(`${t.baseUrl}/sdapi/v1/sd-models`, { headers });
  const body = expectOk(answer);
  if (!Array.isArray(body)) throw new ProbeFailure('shape', answer.status);
  const names = body.flatMap((m) => (isRecord(m) && typeof m.model_name === 'string' ? [m.model_name] : []));
  return { detected: 'sd-webui', upstreamModels: names };
};

/** suno-api: /api/get_limit answers the account's credits. */
const sunoApi: Probe = async (t) => {
  const answer = await probeCall(`${t.baseUrl}/api/get_limit`, { headers: bearer(t) });
  const body = expectOk(answer);
  if (!isRecord(body) || typeof body.credits_left !== 'number') throw new ProbeFailure('shape', answer.status);
  return { detected: 'suno-api' };
};

const PROBES: Record<ChannelFlavour, Probe> = {
  openai: openAiChat,
  'midjourney-proxy': midjourney,
  'mj-plus': midjourney,
  'sd-webui': sdWebui,
  'openai-images': openAiImages,
  'suno-api': sunoApi,
  kling: klingProbe,
  jimeng: jimengProbe,
  luma: lumaProbe,
  'openai-speech': openAiSpeech,
};

/** Other dialects worth trying when the expected one found no such path or an odd answer. */
const SIBLINGS: Record<ChannelKind, Probe[]> = {
  chat: [],
  image: [midjourney, sdWebui, openAiImages],
  music: [],
  video: [],
  speech: [],
};

/** Tests a channel: ok with the detected flavour, or the first failure in plain terms. */
export async function probeChannel(t: ProbeTarget): Promise<ProbeResult> {
  const base: ProbeResult = { ok: false, detected: null, reason: null, status: null, upstreamModels: [], missing: [] };
  const seen = (s: Seen): ProbeResult => {
    const listed = s.upstreamModels ?? [];
    const mismatch = s.detected !== t.flavour;
    return {
      ...base,
      ok: !mismatch,
      detected: s.detected,
      reason: mismatch ? 'flavourMismatch' : null,
      upstreamModels: listed.slice(0, 50),
      missing: s.upstreamModels ? t.models.filter((m) => !listed.includes(m)) : [],
    };
  };
  try {
    return seen(await PROBES[t.flavour](t));
  } catch (err) {
    if (!(err instanceof ProbeFailure)) throw err;
    // A refused key may only mean it went in another dialect's header: the siblings send it their way.
    if (err.reason === 'notFound' || err.reason === 'shape' || err.reason === 'badKey') {
      for (const other of SIBLINGS[t.kind]) {
        if (other === PROBES[t.flavour]) continue;
        const found = await other(t).catch(() => null);
        if (found) return seen(found);
      }
    }
    return { ...base, reason: err.reason, status: err.status };
  }
}
