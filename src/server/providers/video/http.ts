import { setTimeout as sleep } from 'node:timers/promises';
import { DownloadError, downloadFile } from '../download';
import { type MadeVideo, type VideoContext, VideoProviderError } from './types';

/** One upstream call's time limit; a video itself takes minutes and is polled. */
export const CALL_TIMEOUT_MS = 30_000;
/** A generated video is at most this large (a 10-second 1080p clip is ~20 MB). */
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;

/** JSON of an upstream call; an HTTP error or a body that is no JSON is a VideoProviderError. */
export async function callJson<T>(
  name: string,
  url: string,
  init: RequestInit & { signal: AbortSignal },
  doFetch: typeof fetch = fetch,
): Promise<T> {
  const res = await doFetch(url, {
    ...init,
    signal: AbortSignal.any([init.signal, AbortSignal.timeout(CALL_TIMEOUT_MS)]),
  });
  const text = await res.text();
  if (!res.ok) throw new VideoProviderError(`${name} answered ${res.status}: ${text.slice(0, 200)}`, res.status);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new VideoProviderError(`${name} sent no JSON`);
  }
}

/**
 * Polls `look` every `pollMs` until it answers a value; progress climbs towards 90 % meanwhile so
 * the person sees the task alive (upstreams report no percentage).
 */
export async function pollUntil<T>(
  look: () => Promise<T | null>,
  o: { pollMs: number; signal: AbortSignal; progress: (p: number) => Promise<void> },
): Promise<T> {
  for (let n = 1; ; n++) {
    const done = await look();
    if (done !== null) return done;
    await o.progress(Math.min(90, 10 + n * 3));
    await sleep(o.pollMs, undefined, { signal: o.signal });
  }
}

/** The upstream's video, ours now (bounded, its type read from its bytes): the URL is never shown. */
async function rehost(url: string, signal: AbortSignal, doFetch: typeof fetch = fetch): Promise<Buffer> {
  try {
    return (await downloadFile(url, { kind: 'video', maxBytes: MAX_VIDEO_BYTES, signal, fetch: doFetch })).bytes;
  } catch (err) {
    if (err instanceof DownloadError) throw new VideoProviderError(err.message);
    throw err;
  }
}

/** A finished upstream video, re-hosted: its size and still are read later from the file itself. */
export async function rehostMade(
  url: string,
  duration: number,
  ctx: VideoContext,
  doFetch: typeof fetch = fetch,
): Promise<MadeVideo> {
  await ctx.progress(92);
  return { video: await rehost(url, ctx.signal, doFetch), cover: null, width: null, height: null, duration };
}

/** An access key and secret key written as one channel key, `AK:SK`. */
export function keyPair(secret: string, name: string): { ak: string; sk: string } {
  const at = secret.indexOf(':');
  if (at <= 0 || at === secret.length - 1)
    throw new VideoProviderError(`${name} needs its key as ACCESS_KEY:SECRET_KEY`, 401);
  return { ak: secret.slice(0, at), sk: secret.slice(at + 1) };
}
