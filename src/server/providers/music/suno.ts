import { setTimeout as sleep } from 'node:timers/promises';
import { DownloadError, downloadFile, type FileKind } from '../download';
import {
  type ComposedSong,
  type ComposeRequest,
  type MusicProvider,
  MusicProviderError,
  type StoredFile,
} from './types';

export interface SunoOptions {
  baseUrl: string;
  apiKey?: string;
  model?: string;
  pollMs: number;
  fetch?: typeof fetch;
}

/** One clip as suno-api's /api/get and /api/generate return it (the fields we read). */
interface Clip {
  id?: string;
  title?: string;
  image_url?: string;
  lyric?: string;
  audio_url?: string;
  status?: string;
  tags?: string;
  prompt?: string;
  duration?: string | number;
  error_message?: string;
}

export type SunoPhase = 'composing' | 'rendering' | 'done' | 'failed';

/** suno-api statuses: submitted and queued wait, streaming plays while it renders, complete, error. */
export function sunoPhase(status: string | undefined): SunoPhase {
  switch (status) {
    case 'complete':
      return 'done';
    case 'streaming':
      return 'rendering';
    case 'error':
      return 'failed';
    default:
      return 'composing';
  }
}

const MAX_AUDIO = 30 * 1024 * 1024;
const MAX_IMAGE = 5 * 1024 * 1024;
const CALL_TIMEOUT_MS = 20_000;
/** Failed polls in a row tolerated (a restarting upstream) before the task fails. */
const MAX_POLL_ERRORS = 5;

/** A suno-api compatible service: submit, poll /api/get?ids=, then re-host audio and cover in our storage. */
export function createSunoProvider(o: SunoOptions): MusicProvider {
  const base = o.baseUrl.replace(/\/+$/, '');
  const doFetch = o.fetch ?? fetch;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (o.apiKey) headers.authorization = `Bearer ${o.apiKey}`;
  const signalFor = (signal?: AbortSignal) =>
    signal ? AbortSignal.any([signal, AbortSignal.timeout(CALL_TIMEOUT_MS)]) : AbortSignal.timeout(CALL_TIMEOUT_MS);

  async function call<T>(method: 'GET' | 'POST', path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    const res = await doFetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signalFor(signal),
    });
    const text = await res.text();
    if (!res.ok)
      throw new MusicProviderError(`suno-api ${path} answered ${res.status}: ${text.slice(0, 200)}`, res.status);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new MusicProviderError(`suno-api ${path} sent no JSON`);
    }
  }

  /** Audio and cover are ours before the song completes (providers/download.ts): a failed download fails it. */
  async function download(url: string, kind: FileKind, maxBytes: number, signal: AbortSignal): Promise<StoredFile> {
    try {
      return await downloadFile(url, { kind, maxBytes, signal, base: `${base}/`, fetch: doFetch });
    } catch (err) {
      if (err instanceof DownloadError) throw new MusicProviderError(err.message);
      throw err;
    }
  }

  async function submit(r: ComposeRequest, signal: AbortSignal): Promise<string> {
    const common = { make_instrumental: r.instrumental, wait_audio: false, ...(o.model ? { model: o.model } : {}) };
    const clips =
      r.mode === 'custom'
        ? await call<Clip[]>(
            'POST',
            '/api/custom_generate',
            { ...common, prompt: r.lyrics, tags: r.tags, title: r.title },
            signal,
          )
        : await call<Clip[]>('POST', '/api/generate', { ...common, prompt: r.prompt }, signal);
    const id = Array.isArray(clips) ? clips[0]?.id : undefined;
    if (!id) throw new MusicProviderError('suno-api returned no clip');
    return id;
  }

  async function waitFor(id: string, signal: AbortSignal, progress: MusicProviderProgress): Promise<Clip> {
    let errors = 0;
    for (let poll = 1; ; poll++) {
      await sleep(o.pollMs, undefined, { signal });
      let clip: Clip | undefined;
      try {
        const list = await call<Clip[]>('GET', `/api/get?ids=${encodeURIComponent(id)}`, undefined, signal);
        clip = Array.isArray(list) ? list.find((c) => c.id === id) : undefined;
        errors = 0;
      } catch (err) {
        if (signal.aborted || ++errors > MAX_POLL_ERRORS) throw err;
        continue;
      }
      const phase = sunoPhase(clip?.status);
      if (!clip || phase === 'failed')
        throw new MusicProviderError(clip?.error_message || 'suno-api reported an error');
      if (phase === 'done') return clip;
      if (phase === 'rendering') await progress(Math.min(85, 60 + poll * 3), 'rendering');
      else await progress(Math.min(55, 15 + poll * 5), 'composing');
    }
  }

  return {
    mode: 'suno',
    async compose(request, ctx): Promise<ComposedSong> {
      let id = ctx.ref;
      if (!id) {
        id = await submit(request, ctx.signal);
        await ctx.saveRef(id);
      }
      await ctx.progress(15, 'composing');
      const clip = await waitFor(id, ctx.signal, (p, phase) => ctx.progress(p, phase));
      if (!clip.audio_url) throw new MusicProviderError('suno-api finished without audio');
      await ctx.progress(90, 'rendering');
      const audio = await download(clip.audio_url, 'audio', MAX_AUDIO, ctx.signal);
      const cover = clip.image_url ? await download(clip.image_url, 'image', MAX_IMAGE, ctx.signal) : null;
      return {
        audio,
        cover,
        title: (clip.title || request.title || request.prompt).slice(0, 80),
        tags: (clip.tags || request.tags).slice(0, 200),
        lyrics: (clip.lyric || (request.mode === 'custom' ? request.lyrics : '')).slice(0, 5000),
        duration: Number(clip.duration) || 0,
        meta: {},
      };
    },
    async writeLyrics(prompt, _lang, signal) {
      const reply = await call<{ text?: string; title?: string }>('POST', '/api/generate_lyrics', { prompt }, signal);
      if (!reply.text) throw new MusicProviderError('suno-api wrote no lyrics');
      return { title: (reply.title ?? '').slice(0, 80), lyrics: reply.text.slice(0, 3000) };
    },
  };
}

type MusicProviderProgress = (percent: number, phase: 'composing' | 'rendering') => Promise<void>;
