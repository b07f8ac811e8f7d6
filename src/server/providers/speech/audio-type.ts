/** The recording formats the site accepts, told by their first bytes (a header can say anything). */
export interface AudioType {
  mime: 'audio/webm' | 'audio/ogg' | 'audio/mp4' | 'audio/mpeg' | 'audio/wav';
  ext: 'webm' | 'ogg' | 'm4a' | 'mp3' | 'wav';
}

const ascii = (b: Buffer, at: number, s: string) =>
  b.length >= at + s.length && b.toString('latin1', at, at + s.length) === s;

export function audioType(b: Buffer): AudioType | null {
  // EBML header (Matroska / WebM): MediaRecorder's opus recordings in Chromium and Firefox.
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3)
    return { mime: 'audio/webm', ext: 'webm' };
  if (ascii(b, 0, 'OggS')) return { mime: 'audio/ogg', ext: 'ogg' };
  // ISO base media: Safari's MediaRecorder (AAC in MP4).
  if (ascii(b, 4, 'ftyp')) return { mime: 'audio/mp4', ext: 'm4a' };
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return { mime: 'audio/wav', ext: 'wav' };
  // MP3: an ID3 tag, or an MPEG audio frame sync (11 set bits, layer not reserved).
  if (ascii(b, 0, 'ID3')) return { mime: 'audio/mpeg', ext: 'mp3' };
  if (b.length >= 2 && b[0] === 0xff && (b[1] & 0xe0) === 0xe0 && (b[1] & 0x06) !== 0)
    return { mime: 'audio/mpeg', ext: 'mp3' };
  return null;
}
