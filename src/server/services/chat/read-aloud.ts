import { Code } from '../../../shared/codes';
import { speechVoice } from '../../config/speech';
import { hit } from '../../db/queries/rate-limits';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { recordUsage } from '../ledger/record';

// Read-aloud through the site's speech service (docs/chat.md#math-diagrams-and-voice): an answer's
// words as MP3 in the voice named for their language; without one the browser's synthesis reads.

/** Whether the site reads aloud in some language (the chat's models reply tells the answers' buttons). */
export function readAloudAvailable(rt: Runtime): boolean {
  return rt.registry.speech !== null && Boolean(speechVoice(rt.env, 'zh') || speechVoice(rt.env, 'en'));
}

/** Speaks `text` in `lang`'s voice and writes its ledger row. */
export async function readAloud(
  rt: Runtime,
  caller: { userId: number | null; ip: string },
  input: { text: string; lang: 'zh' | 'en' },
  signal: AbortSignal,
): Promise<Buffer> {
  const speech = rt.registry.speech;
  const voice = speechVoice(rt.env, input.lang);
  if (!speech || !voice) throw new DomainError(Code.UNAVAILABLE, 'chat:voice.readUnavailable', { status: 404 });
  const who = caller.userId === null ? `ip:${caller.ip}` : `u:${caller.userId}`;
  const limit = await hit(rt.database.db, `speak:${who}`, { limit: rt.env.SPEECH_READ_PER_MINUTE, windowMs: 60_000 });
  if (!limit.allowed) throw new DomainError(Code.TOO_MANY_REQUESTS, 'chat:voice.tooFast', { status: 429 });
  const started = Date.now();
  const row = {
    userId: caller.userId,
    kind: 'speech' as const,
    taskId: null,
    model: speech.ttsModel,
    channelId: null,
    provider: 'openai-speech',
    // Not token-priced: the text's characters in, the MP3's bytes out (docs/ledger.md).
    inputTokens: input.text.length,
    tokenSource: 'none' as const,
  };
  try {
    const audio = await speech.speak(input.text, voice, signal);
    await recordUsage(rt, { ...row, outputTokens: audio.length, durationMs: Date.now() - started, outcome: 'ok' });
    return audio;
  } catch (err) {
    const outcome = signal.aborted ? 'cancelled' : 'failed';
    await recordUsage(rt, { ...row, outputTokens: 0, durationMs: Date.now() - started, outcome });
    if (signal.aborted) throw err;
    rt.log.warn('read-aloud failed', { err: err instanceof Error ? err.message : String(err) });
    throw new DomainError(Code.UNAVAILABLE, 'chat:voice.failed', { status: 503 });
  }
}
