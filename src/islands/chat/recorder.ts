import { request } from '../../lib/api/client';

// The site's speech service (docs/chat.md#math-diagrams-and-voice): the composer's recording sent to
// POST /api/chat/transcribe, and answers read aloud through POST /api/chat/speech.

/** The server refuses more; a minute of opus is a few hundred KB. */
export const MAX_RECORDING_MS = 60_000;

/** Opus in WebM where the browser writes it (Chromium, Firefox), else Ogg, else MP4 (Safari). */
const TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

export function canRecord(): boolean {
  return typeof MediaRecorder !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

export function recordingType(): string | undefined {
  return TYPES.find((t) => MediaRecorder.isTypeSupported(t));
}

export type Transcribed = { ok: true; text: string } | { ok: false; message: string };

/** The server takes at most this many characters at once. */
const MAX_READ_CHARS = 4000;

/**
 * MP3 of `text` from the site, or null when it has no voice for the language or failed (the
 * browser's synthesis reads then).
 */
export async function siteSpeech(text: string, lang: 'zh' | 'en', signal: AbortSignal): Promise<Blob | null> {
  // Silent: without a voice the browser's synthesis reads, with no message.
  const res = await request(
    'POST',
    '/chat/speech',
    { text: text.slice(0, MAX_READ_CHARS), lang },
    { stream: true, signal, silent: true },
  );
  return res.ok && res.kind === 'stream' && res.response.headers.get('content-type') === 'audio/mpeg'
    ? await res.response.blob().catch(() => null)
    : null;
}

/** Sends one recording; the server's translated refusal comes back as the message ('' when none came). */
export async function transcribeRecording(audio: Blob): Promise<Transcribed> {
  const form = new FormData();
  form.append('file', audio, 'speech');
  // Silent: the composer shows the refusal itself, beside the microphone.
  const res = await request('POST', '/chat/transcribe', form, { silent: true });
  if (res.ok && res.kind === 'reply') return { ok: true, text: res.data.text };
  if (res.ok) return { ok: false, message: '' };
  // The server's refusal (a business code, or an HTTP status with its translated text).
  return { ok: false, message: res.kind === 'business' ? res.result : (res.reply?.result ?? res.message) };
}
