/**
 * The audible label a downloaded song may start with (console setting SONG_DOWNLOAD_TONE):
 * a 0.3 s tone, encoded as MPEG frames of the song's own sample rate and channel count and
 * put between the ID3 tag and the song's first frame, so the file stays one stream.
 */

const TONE_SECONDS = 0.3;
const TONE_HZ = 880;
const FRAME = 1152;

/** Sample rates by MPEG version bits (0: 2.5, 2: 2, 3: 1) and rate index. */
const RATES: Record<number, readonly number[]> = {
  0: [11025, 12000, 8000],
  2: [22050, 24000, 16000],
  3: [44100, 48000, 32000],
};

/** Layer III bit rates (kbit/s) by bitrate index: MPEG-1, then MPEG-2 and 2.5. */
const KBPS_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const KBPS_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];

export interface FrameInfo {
  at: number;
  sampleRate: number;
  channels: 1 | 2;
  kbps: number;
}

/** Where the audio starts: after an ID3v2 tag (and its footer) when there is one. */
export function audioStart(file: Buffer): number {
  if (file.length < 10 || file.subarray(0, 3).toString('latin1') !== 'ID3') return 0;
  const size = ((file[6] ?? 0) << 21) | ((file[7] ?? 0) << 14) | ((file[8] ?? 0) << 7) | (file[9] ?? 0);
  const footer = (file[5] ?? 0) & 0x10 ? 10 : 0;
  return Math.min(file.length, 10 + size + footer);
}

/** The first Layer III frame header at or after `from` (within 64 KB): its offset, rate and channels. */
export function firstFrame(file: Buffer, from: number): FrameInfo | null {
  const end = Math.min(file.length - 4, from + 65_536);
  for (let i = from; i < end; i++) {
    const b1 = file[i + 1] ?? 0;
    if (file[i] !== 0xff || (b1 & 0xe0) !== 0xe0) continue;
    const version = (b1 >> 3) & 3;
    const rates = RATES[version];
    const rate = rates?.[((file[i + 2] ?? 0) >> 2) & 3];
    // Layer III only; bitrate index 0 (free) and 15 (bad) are no frame we can continue.
    const bitrate = (file[i + 2] ?? 0) >> 4;
    if (!rate || ((b1 >> 1) & 3) !== 1 || bitrate === 0 || bitrate === 15) continue;
    const kbps = (version === 3 ? KBPS_V1 : KBPS_V2)[bitrate] ?? 0;
    return { at: i, sampleRate: rate, channels: (file[i + 3] ?? 0) >> 6 === 3 ? 1 : 2, kbps };
  }
  return null;
}

/** A soft sine beep, faded in and out so it does not click. */
function beep(sampleRate: number): Int16Array {
  const n = Math.round(sampleRate * TONE_SECONDS);
  const fade = Math.round(sampleRate * 0.02);
  const pcm = new Int16Array(n);
  for (let i = 0; i < n; i++) {
    const envelope = Math.min(1, i / fade, (n - 1 - i) / fade);
    pcm[i] = Math.round(Math.sin((2 * Math.PI * TONE_HZ * i) / sampleRate) * envelope * 0.3 * 32767);
  }
  return pcm;
}

/**
 * The tone as MP3 frames of the song's rate, channel count and bit rate: players that estimate
 * a constant-rate file's length from its first frame still get it right.
 */
export async function toneFrames({ sampleRate, channels, kbps }: Omit<FrameInfo, 'at'>): Promise<Buffer> {
  // lamejs, not the songs' WebAssembly LAME (mp3.ts): that one refuses 56 and 144 kbit/s, which a provider's
  // song may use, and 0.3 s of tone costs lamejs a few milliseconds.
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const encoder = new Mp3Encoder(channels, sampleRate, kbps);
  const pcm = beep(sampleRate);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += FRAME) {
    const part = pcm.subarray(i, i + FRAME);
    const out = channels === 2 ? encoder.encodeBuffer(part, part) : encoder.encodeBuffer(part);
    if (out.length) chunks.push(Uint8Array.from(out));
  }
  const tail = encoder.flush();
  if (tail.length) chunks.push(Uint8Array.from(tail));
  return Buffer.concat(chunks);
}

/** The MP3 with the tone before its first frame; a file whose frames cannot be found is kept as it is. */
export async function withLeadingTone(file: Buffer): Promise<Buffer> {
  const first = firstFrame(file, audioStart(file));
  if (!first) return file;
  const tone = await toneFrames(first);
  return Buffer.concat([file.subarray(0, first.at), tone, file.subarray(first.at)]);
}
