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
  /** Transcriptions a person (user, or visitor's address) may ask a minute. */
  SPEECH_PER_MINUTE: int(1, 10_000, 10),
};

export type SpeechSettings = z.infer<z.ZodObject<typeof speechEnvShape>>;
