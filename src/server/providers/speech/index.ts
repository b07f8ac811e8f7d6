/**
 * Speech to text through an OpenAI-compatible endpoint (`POST {base}/audio/transcriptions`,
 * multipart `file`, `model`, optional `language`, `response_format=json` → `{ text }`): OpenAI's
 * Whisper, SenseVoice or faster-whisper servers, relays. Built once by the provider registry from
 * SPEECH_BASE_URL / SPEECH_API_KEY / SPEECH_TRANSCRIBE_MODEL; without a base URL there is none.
 */

export interface SpeechProvider {
  readonly model: string;
  transcribe(
    audio: { bytes: Buffer; mime: string; ext: string },
    language: string | null,
    signal: AbortSignal,
  ): Promise<string>;
}

export class SpeechError extends Error {}

export interface SpeechOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createOpenAiSpeech(o: SpeechOptions): SpeechProvider {
  const url = `${o.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  return {
    model: o.model,
    async transcribe(audio, language, signal) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(audio.bytes)], { type: audio.mime }), `speech.${audio.ext}`);
      form.append('model', o.model);
      if (language) form.append('language', language);
      form.append('response_format', 'json');
      const headers: Record<string, string> = {};
      if (o.apiKey) headers.authorization = `Bearer ${o.apiKey}`;
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
      if (!res.ok) throw new SpeechError(`transcription answered HTTP ${res.status}: ${body.slice(0, 200)}`);
      let text: unknown;
      try {
        text = (JSON.parse(body) as { text?: unknown }).text;
      } catch {
        throw new SpeechError('transcription answered no JSON');
      }
      if (typeof text !== 'string') throw new SpeechError('transcription answered no text');
      return text.trim();
    },
  };
}
