import { type ImageProvider, ImageProviderError } from '../../providers/image/types';
import { MusicProviderError } from '../../providers/music/types';
import { SpeechError } from '../../providers/speech';
import { VideoProviderError } from '../../providers/video/types';
import type { Runtime } from '../../runtime';
import { keyStates, markFailure, markOk } from './cooldown';
import { type Candidate, orderCandidates } from './order';
import { MAX_ATTEMPTS } from './router';
import { type ActiveChannel, activeChannels } from './store';

/** The provider mode an image channel's flavour runs as (the drawings' `provider` column). */
export function imageMode(flavour: ActiveChannel['flavour']): ImageProvider['mode'] {
  if (flavour === 'sd-webui') return 'sd-webui';
  if (flavour === 'openai-images') return 'openai';
  return 'midjourney-proxy';
}

/** Whether a failure before the upstream took the task should move on; `auth` cools the key longer. */
function verdict(err: unknown): { auth: boolean } | null {
  if (err instanceof ImageProviderError) {
    if (!err.unavailable) return null;
    const status = (err as { status?: number }).status;
    return { auth: status === 401 || status === 403 };
  }
  if (err instanceof SpeechError) {
    // No status: the call never got an answer (connection, time-out), which the next channel may not share.
    const s = err.status;
    if (s !== undefined && !(s === 401 || s === 403 || s === 429 || s >= 500)) return null;
    return { auth: s === 401 || s === 403 };
  }
  if (err instanceof MusicProviderError || err instanceof VideoProviderError) {
    const s = err.status;
    if (s === undefined || !(s === 401 || s === 403 || s === 429 || s >= 500)) return null;
    return { auth: s === 401 || s === 403 };
  }
  // Anything else is a connection failure or time-out of the call itself.
  return { auth: false };
}

/** What ran the task: the channel, for the row and the ledger. */
export interface Served<T> {
  value: T;
  channel: ActiveChannel;
}

/**
 * Runs a drawing, song, video or speech call over the console's channels of `kind` that are `usable`
 * (docs/channel-routing.md): null when there are none, so the environment's provider does the work.
 * A task a channel already took (`resumeChannelId`) goes back to that channel. Otherwise (channel, key) pairs
 * are tried in routing order; a connection error, time-out, 429, 5xx or rejected key before
 * the upstream took the task (`taken` called) cools the key down and moves on.
 */
export async function runOverChannels<T>(
  rt: Runtime,
  kind: 'image' | 'music' | 'video' | 'speech',
  resumeChannelId: number | null,
  signal: AbortSignal,
  run: (candidate: Candidate, taken: () => void) => Promise<T>,
  usable: (channel: ActiveChannel) => boolean = () => true,
): Promise<Served<T> | null> {
  const channels = (await activeChannels(rt, kind)).filter((c) => c.keys.length > 0 && usable(c));
  const states = await keyStates(
    rt,
    channels.flatMap((c) => c.keys.map((k) => k.id)),
  );
  const ordered = (list: ActiveChannel[]) => orderCandidates(list, (id) => states.get(id), Date.now());
  if (resumeChannelId !== null) {
    const channel = channels.find((c) => c.id === resumeChannelId);
    const first = channel ? ordered([channel])[0] : undefined;
    if (!channel || !first) throw new Error('the channel that took this task is no longer enabled');
    return { value: await run(first, () => {}), channel };
  }
  if (channels.length === 0) return null;
  let last: unknown = new Error(`no ${kind} channel could take the task`);
  for (const cand of ordered(channels).slice(0, MAX_ATTEMPTS)) {
    let took = false;
    try {
      const value = await run(cand, () => {
        took = true;
      });
      void markOk(rt, cand.key.id, cand.failures > 0);
      return { value, channel: cand.channel };
    } catch (err) {
      const v = took || signal.aborted ? null : verdict(err);
      if (!v) {
        if (took) void markOk(rt, cand.key.id, cand.failures > 0);
        throw err;
      }
      last = err;
      rt.log.warn(`${kind} channel failed, trying the next`, {
        channelId: cand.channel.id,
        keyId: cand.key.id,
        err: (err as Error).message.slice(0, 200),
      });
      await markFailure(rt, cand.key.id, (err as Error).message, v.auth);
    }
  }
  throw last;
}
