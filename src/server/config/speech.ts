import { z } from 'zod';

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/**
 * Speech's environment variables (README), spread into config/env.ts's schema: an OpenAI-compatible
 * speech service (Whisper, SenseVoice, any `POST {base}/audio/transcriptions`) hears the composer's
 * microphone through the site. Unset: no transcription, and the browser's own recognition is used.
 */
export const speechEnvShape = {
  SPEECH_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
  SPEECH_API_KEY: z.string().min(1).max(512).optional(),
  SPEECH_TRANSCRIBE_MODEL: z.string().min(1).max(100).default('whisper-1'),
  /** Largest recording accepted, in bytes; 60 s of opus is far below it. The route's body limit allows 2 MB. */
  SPEECH_MAX_BYTES: int(1024, 2 * 1024 * 1024, 2 * 1024 * 1024),
  /** Read-aloud through `POST {base}/audio/speech` when a voice is named for the answer's language. */
  SPEECH_TTS_MODEL: z.string().min(1).max(100).default('tts-1'),
  /** The voice of every language, unless one of its own is named below. */
  SPEECH_VOICE: z.string().min(1).max(100).optional(),
  SPEECH_VOICE_ZH: z.string().min(1).max(100).optional(),
  SPEECH_VOICE_EN: z.string().min(1).max(100).optional(),
  /** Read-aloud requests a person (user, or visitor's address) may make a minute. */
  SPEECH_READ_PER_MINUTE: int(1, 10_000, 20),
  /** Transcriptions a person (user, or visitor's address) may ask a minute. */
  SPEECH_PER_MINUTE: int(1, 10_000, 10),
};

export type SpeechSettings = z.infer<z.ZodObject<typeof speechEnvShape>>;

/** The voice that reads `lang` aloud, or none (the browser's synthesis then reads). */
export function speechVoice(env: SpeechSettings, lang: 'zh' | 'en'): string | undefined {
  if (!env.SPEECH_BASE_URL) return undefined;
  return (lang === 'zh' ? env.SPEECH_VOICE_ZH : env.SPEECH_VOICE_EN) ?? env.SPEECH_VOICE;
}
