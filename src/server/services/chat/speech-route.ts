import { speechVoice } from '../../config/speech';
import type { SpeechProvider } from '../../providers/speech';
import type { Runtime } from '../../runtime';
import { targetOf } from '../channels/order';
import { type ActiveChannel, activeChannels } from '../channels/store';
import { runOverChannels } from '../channels/tasks';

// Where a transcription or read-aloud goes (docs/chat.md#voice): the console's speech channels that
// can make it, by priority and weight with failover (docs/channel-routing.md); only when the console
// has none, the environment's adapter (SPEECH_BASE_URL), the bootstrap channel of speech.

type Lang = 'zh' | 'en';
export type SpeechNeed = { op: 'transcribe' } | { op: 'speak'; lang: Lang };

/** One way to make the call: its adapter, the model it names and, for read-aloud, the voice. */
export interface SpeechRef {
  speech: SpeechProvider;
  /** The console channel, for the ledger; null for the environment's adapter. */
  channelId: number | null;
  model: string;
  voice: string;
}

/** A speech channel's voice for `lang`: named on its second model, the read-aloud one. */
export function channelVoice(c: ActiveChannel, lang: Lang): string | undefined {
  const voice = c.models[1]?.voices?.[lang]?.trim();
  return voice || undefined;
}

/** Whether a channel can make the call: its first model transcribes; reading needs a voice too. */
const accepts =
  (need: SpeechNeed) =>
  (c: ActiveChannel): boolean =>
    need.op === 'transcribe' ? c.models.length > 0 : channelVoice(c, need.lang) !== undefined;

function envRef(rt: Runtime, need: SpeechNeed): SpeechRef | null {
  const speech = rt.registry.bootstrapSpeech;
  if (!speech) return null;
  if (need.op === 'transcribe') return { speech, channelId: null, model: speech.model, voice: '' };
  const voice = speechVoice(rt.env, need.lang);
  return voice ? { speech, channelId: null, model: speech.ttsModel, voice } : null;
}

/** Whether the call can be made now: read on every use, so a console change shows at once (NOTIFY). */
export async function speechAvailable(rt: Runtime, need: SpeechNeed): Promise<boolean> {
  if (envRef(rt, need)) return true;
  return (await activeChannels(rt, 'speech')).some((c) => c.keys.length > 0 && accepts(need)(c));
}

/**
 * Makes the call over the console's channels that can, else the environment's adapter; null when
 * neither can. `call` runs once per attempt (each one its own ledger row); a connection failure,
 * 401/403, 429 or 5xx cools the key down and moves on; the last failure is thrown.
 */
export async function overSpeech<T>(
  rt: Runtime,
  need: SpeechNeed,
  signal: AbortSignal,
  call: (ref: SpeechRef) => Promise<T>,
): Promise<T | null> {
  const served = await runOverChannels(
    rt,
    'speech',
    null,
    signal,
    (cand) => {
      // Kept per channel key by the registry until a channel changes.
      const speech = rt.registry.speech(targetOf(cand));
      const c = cand.channel;
      return call(
        need.op === 'transcribe'
          ? { speech, channelId: c.id, model: speech.model, voice: '' }
          : { speech, channelId: c.id, model: speech.ttsModel, voice: channelVoice(c, need.lang) ?? '' },
      );
    },
    accepts(need),
  );
  if (served) return served.value;
  const env = envRef(rt, need);
  return env ? call(env) : null;
}
