import { Code } from '../../../shared/codes';
import type { Language } from '../../../shared/languages';
import { hit } from '../../db/queries/rate-limits';
import { DomainError } from '../../errors';
import { audioType } from '../../providers/speech/audio-type';
import type { Runtime } from '../../runtime';
import { recordUsage } from '../ledger/record';
import { overSpeech, speechAvailable } from './speech-route';

// The composer's microphone heard through the site (docs/chat.md#voice): the recording goes to the
// console's speech channels or the environment's service, never to the browser's own (which mainland
// China cannot reach).

const bad = (key: string, params: Record<string, unknown> = {}, status: 400 | 413 = 400) =>
  new DomainError(status === 413 ? Code.PAYLOAD_TOO_LARGE : Code.BAD_REQUEST, key, { status, params });

/** Whether the site transcribes (the chat's models reply tells the composer). */
export function transcriptionAvailable(rt: Runtime): Promise<boolean> {
  return speechAvailable(rt, { op: 'transcribe' });
}

/** The service's language hint: ISO-639-1, as Whisper-style servers take it. */
const LANGUAGE_HINT: Record<Language, string> = { 'zh-CN': 'zh', 'zh-TW': 'zh', 'en-US': 'en' };

/** Checks one recording, has it transcribed and writes its ledger row; nothing is sent when it is refused. */
export async function transcribe(
  rt: Runtime,
  caller: { userId: number | null; ip: string },
  audio: Buffer,
  lang: Language,
  signal: AbortSignal,
): Promise<{ text: string }> {
  const unavailable = () => new DomainError(Code.UNAVAILABLE, 'chat:voice.unavailable', { status: 404 });
  if (!(await speechAvailable(rt, { op: 'transcribe' }))) throw unavailable();
  const who = caller.userId === null ? `ip:${caller.ip}` : `u:${caller.userId}`;
  const limit = await hit(rt.database.db, `transcribe:${who}`, { limit: rt.env.SPEECH_PER_MINUTE, windowMs: 60_000 });
  if (!limit.allowed) throw new DomainError(Code.TOO_MANY_REQUESTS, 'chat:voice.tooFast', { status: 429 });
  if (audio.length === 0) throw bad('chat:voice.empty');
  const max = rt.env.SPEECH_MAX_BYTES;
  if (audio.length > max) throw bad('chat:voice.tooLarge', { max: `${Math.round(max / 1024)} KB` }, 413);
  const type = audioType(audio);
  if (!type) throw bad('chat:voice.unsupported');

  let text: string | null;
  try {
    // One ledger row per upstream call: a failover writes the failed channel's row too.
    text = await overSpeech(rt, { op: 'transcribe' }, signal, async ({ speech, channelId, model }) => {
      const started = Date.now();
      const row = {
        userId: caller.userId,
        kind: 'transcription' as const,
        taskId: null,
        model,
        channelId,
        provider: 'openai-speech',
        // Not token-priced: the recording's bytes in, the text's characters out (docs/ledger.md).
        inputTokens: audio.length,
        tokenSource: 'none' as const,
      };
      try {
        const heard = await speech.transcribe({ bytes: audio, ...type }, LANGUAGE_HINT[lang], signal);
        await recordUsage(rt, { ...row, outputTokens: heard.length, durationMs: Date.now() - started, outcome: 'ok' });
        return heard;
      } catch (err) {
        const outcome = signal.aborted ? 'cancelled' : 'failed';
        await recordUsage(rt, { ...row, outputTokens: 0, durationMs: Date.now() - started, outcome });
        throw err;
      }
    });
  } catch (err) {
    if (signal.aborted) throw err;
    rt.log.warn('transcription failed', { err: err instanceof Error ? err.message : String(err) });
    throw new DomainError(Code.UNAVAILABLE, 'chat:voice.failed', { status: 503 });
  }
  // The console's last channel went away since the check above.
  if (text === null) throw unavailable();
  return { text };
}
