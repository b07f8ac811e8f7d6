import { getToken } from '../../stores/auth';

// The composer's recording sent to the site's speech service (POST /api/chat/transcribe,
// docs/chat.md#math-diagrams-and-voice): the browser records, the site hears it.

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

/** Sends one recording; the server's translated refusal comes back as the message ('' when none came). */
export async function transcribeRecording(audio: Blob): Promise<Transcribed> {
  const form = new FormData();
  form.append('file', audio, 'speech');
  const token = getToken();
  try {
    const res = await fetch('/api/chat/transcribe', {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    const body = (await res.json().catch(() => ({}))) as { code?: number; result?: string; data?: { text?: unknown } };
    if (body.code === 200 && typeof body.data?.text === 'string') return { ok: true, text: body.data.text };
    return { ok: false, message: body.result ?? '' };
  } catch {
    return { ok: false, message: '' };
  }
}
