import { Code } from '../../../shared/codes';
import { hit } from '../../db/queries/rate-limits';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { recordUsage } from '../ledger/record';
import { overSpeech, speechAvailable } from './speech-route';

// Read-aloud through the site's speech service (docs/chat.md#math-diagrams-and-voice): an answer's
// words as MP3 in the voice named for their language — by a console speech channel's read-aloud
// model, or the environment's SPEECH_VOICE* — and without one the browser's synthesis reads.

/** Whether the site reads aloud in some language (the chat's models reply tells the answers' buttons). */
export async function readAloudAvailable(rt: Runtime): Promise<boolean> {
  return (
    (await speechAvailable(rt, { op: 'speak', lang: 'zh' })) || (await speechAvailable(rt, { op: 'speak', lang: 'en' }))
  );
}

/** Speaks `text` in `lang`'s voice and writes a ledger row per upstream call. */
export async function readAloud(
  rt: Runtime,
  caller: { userId: number | null; ip: string },
  input: { text: string; lang: 'zh' | 'en' },
  signal: AbortSignal,
): Promise<Buffer> {
  const need = { op: 'speak', lang: input.lang } as const;
  const unavailable = () => new DomainError(Code.UNAVAILABLE, 'chat:voice.readUnavailable', { status: 404 });
  if (!(await speechAvailable(rt, need))) throw unavailable();
  const who = caller.userId === null ? `ip:${caller.ip}` : `u:${caller.userId}`;
  const limit = await hit(rt.database.db, `speak:${who}`, { limit: rt.env.SPEECH_READ_PER_MINUTE, windowMs: 60_000 });
  if (!limit.allowed) throw new DomainError(Code.TOO_MANY_REQUESTS, 'chat:voice.tooFast', { status: 429 });
  let audio: Buffer | null;
  try {
    audio = await overSpeech(rt, need, signal, async ({ speech, channelId, model, voice }) => {
      const started = Date.now();
      const row = {
        userId: caller.userId,
        kind: 'speech' as const,
        taskId: null,
        model,
        channelId,
        provider: 'openai-speech',
        // Not token-priced: the text's characters in, the MP3's bytes out (docs/ledger.md).
        inputTokens: input.text.length,
        tokenSource: 'none' as const,
      };
      try {
        const mp3 = await speech.speak(input.text, voice, signal);
        await recordUsage(rt, { ...row, outputTokens: mp3.length, durationMs: Date.now() - started, outcome: 'ok' });
        return mp3;
      } catch (err) {
        const outcome = signal.aborted ? 'cancelled' : 'failed';
        await recordUsage(rt, { ...row, outputTokens: 0, durationMs: Date.now() - started, outcome });
        throw err;
      }
    });
  } catch (err) {
    if (signal.aborted) throw err;
    rt.log.warn('read-aloud failed', { err: err instanceof Error ? err.message : String(err) });
    throw new DomainError(Code.UNAVAILABLE, 'chat:voice.failed', { status: 503 });
  }
  // The console's last channel went away since the check above.
  if (audio === null) throw unavailable();
  return audio;
}
