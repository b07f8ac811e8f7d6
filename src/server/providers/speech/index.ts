/**
 * Speech to text through an OpenAI-compatible endpoint (`POST {base}/audio/transcriptions`,
 * multipart `file`, `model`, optional `language`, `response_format=json` → `{ text }`): OpenAI's
 * Whisper, SenseVoice or faster-whisper servers, relays. Built by the provider registry: once per key
 * of a console speech channel, and once from SPEECH_BASE_URL / SPEECH_API_KEY / SPEECH_TRANSCRIBE_MODEL.
 */

export interface SpeechProvider {
  readonly model: string;
  readonly ttsModel: string;
  /** MP3 of `text` in `voice` (`POST {base}/audio/speech`). */
  speak(text: string, voice: string, signal: AbortSignal): Promise<Buffer>;
  transcribe(
    audio: { bytes: Buffer; mime: string; ext: string },
    language: string | null,
    signal: AbortSignal,
  ): Promise<string>;
}

/** `status` is the upstream's HTTP status; none for a connection failure or time-out. */
export class SpeechError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface SpeechOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  ttsModel: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Largest audio a read-aloud may answer: 4,000 characters of speech are a few MB of MP3. */
const MAX_AUDIO_BYTES = 16 * 1024 * 1024;

export function createOpenAiSpeech(o: SpeechOptions): SpeechProvider {
  const base = o.baseUrl.replace(/\/+$/, '');
  const url = `${base}/audio/transcriptions`;
  const auth = (): Record<string, string> => (o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {});
  return {
    model: o.model,
    ttsModel: o.ttsModel,
    async speak(text, voice, signal) {
      let res: Response;
      try {
        res = await (o.fetch ?? fetch)(`${base}/audio/speech`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth() },
          body: JSON.stringify({ model: o.ttsModel, input: text, voice, response_format: 'mp3' }),
          signal: AbortSignal.any([signal, AbortSignal.timeout(o.timeoutMs ?? 60_000)]),
        });
      } catch (err) {
        signal.throwIfAborted();
        throw new SpeechError(`speech request failed: ${(err as Error).message}`);
      }
      if (!res.ok) {
        const body = await res.text().catch(() => '');
        throw new SpeechError(`speech answered HTTP ${res.status}: ${body.slice(0, 200)}`, res.status);
      }
      if (Number(res.headers.get('content-length') ?? 0) > MAX_AUDIO_BYTES)
        throw new SpeechError('speech answered too much audio', res.status);
      const audio = Buffer.from(await res.arrayBuffer());
      if (audio.length === 0 || audio.length > MAX_AUDIO_BYTES)
        throw new SpeechError('speech answered no usable audio', res.status);
      return audio;
    },
    async transcribe(audio, language, signal) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(audio.bytes)], { type: audio.mime }), `speech.${audio.ext}`);
      form.append('model', o.model);
      if (language) form.append('language', language);
      form.append('response_format', 'json');
      const headers = auth();
      let res: Response;
      try {
        res = await (o.fetch ?? fetch)(url, {
          method: 'POST',
          headers,
          body: form,
          signal: AbortSignal.any([signal, AbortSignal.timeout(o.timeoutMs ?? 60_000)]),
        });
      } catch (err) {
        signal.throwIfAborted();
        throw new SpeechError(`transcription request failed: ${(err as Error).message}`);
      }
      const body = await res.text().catch(() => '');
      if (!res.ok)
        throw new SpeechError(`transcription answered HTTP ${res.status}: ${body.slice(0, 200)}`, res.status);
      let text: unknown;
      try {
        text = (JSON.parse(body) as { text?: unknown }).text;
      } catch {
        throw new SpeechError('transcription answered no JSON', res.status);
      }
      if (typeof text !== 'string') throw new SpeechError('transcription answered no text', res.status);
      return text.trim();
    },
  };
}
