import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** 48 kbit/s mono at 22.05 kHz: about 6 KB a second, plenty for synthesised music. */
export const MP3_KBPS = 48;
const FRAME = 1152;

export interface Id3Tags {
  title: string;
  artist: string;
  album: string;
  genre: string;
  /** A comment and a TXXX frame: the 'AI生成' label travels with the file. */
  label: string;
  lyrics: string;
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Samples handed to the encoder at a time: ~0.8 s of song, a few milliseconds of work. */
const SLICE = FRAME * 16;

/**
 * LAME compiled to WebAssembly (wasm-media-encoders), compiled once per process at the first song: about ten
 * times lamejs's speed (a minute of song in ~0.2 s of CPU against ~2.1 s), the same encoder underneath.
 */
let lame: Promise<WebAssembly.Module> | undefined;
function lameModule(): Promise<WebAssembly.Module> {
  lame ??= readFile(createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3')).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  return lame;
}

/** MPEG Layer III of 16-bit mono PCM, yielding between slices so requests keep flowing. */
export async function encodeMp3(pcm: Int16Array, sampleRate: number, signal?: AbortSignal): Promise<Buffer> {
  // Loaded with the first song, not at start-up (scripts/build-server.mjs keeps it lazy).
  const { createEncoder } = await import('wasm-media-encoders');
  const encoder = await createEncoder('audio/mpeg', await lameModule());
  encoder.configure({ channels: 1, sampleRate, bitrate: MP3_KBPS });
  const chunks: Buffer[] = [];
  const samples = new Float32Array(SLICE);
  for (let i = 0; i < pcm.length; i += SLICE) {
    const part = pcm.subarray(i, i + SLICE);
    for (let j = 0; j < part.length; j++) samples[j] = (part[j] ?? 0) / 32768;
    // The encoder's output is a view of its memory, valid until its next call: copied at once.
    chunks.push(Buffer.from(encoder.encode([samples.subarray(0, part.length)])));
    signal?.throwIfAborted();
    await pause();
  }
  chunks.push(Buffer.from(encoder.finalize()));
  return Buffer.concat(chunks);
}

// ID3v2.3: text as UTF-16 with a byte-order mark (encoding 1), which every player reads.
function utf16(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

function frame(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(10);
  header.write(id, 0, 'latin1');
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

const textFrame = (id: string, text: string) => frame(id, Buffer.concat([Buffer.from([1]), utf16(text)]));
const terminator = Buffer.from([0, 0]);

/** COMM and USLT share a layout: encoding, language, a description, then the text. */
function langFrame(id: string, lang: string, description: string, text: string): Buffer {
  return frame(
    id,
    Buffer.concat([Buffer.from([1]), Buffer.from(lang, 'latin1'), utf16(description), terminator, utf16(text)]),
  );
}

function syncsafe(n: number): Buffer {
  return Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
}

/** An ID3v2.3 tag: title, artist, album, genre, the AI label (comment and TXXX) and the lyrics. */
export function id3(tags: Id3Tags): Buffer {
  const frames = [
    textFrame('TIT2', tags.title),
    textFrame('TPE1', tags.artist),
    textFrame('TALB', tags.album),
    textFrame('TCON', tags.genre),
    langFrame('COMM', 'zho', '', tags.label),
    userTextFrame('AI_GENERATED', tags.label),
    ...(tags.lyrics ? [langFrame('USLT', 'zho', '', tags.lyrics)] : []),
  ];
  const body = Buffer.concat(frames);
  return Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([3, 0, 0]), syncsafe(body.length), body]);
}

/** A TXXX frame (user text: a description, then the value) as ID3v2.3 writes it, UTF-16 with BOMs. */
function userTextFrame(description: string, value: string): Buffer {
  return frame('TXXX', Buffer.concat([Buffer.from([1]), utf16(description), terminator, utf16(value)]));
}

/** ID3v2 unsynchronisation: a zero after every 0xFF, so no false MPEG sync shows inside the tag. */
function unsynchronise(bytes: Buffer): Buffer {
  const out: number[] = [];
  for (const b of bytes) {
    out.push(b);
    if (b === 0xff) out.push(0);
  }
  return Buffer.from(out);
}

/**
 * The file with a TXXX frame `description` = `value` added to its ID3v2 tag (v2.3 or v2.4, the
 * frame first, after any extended header), or a new v2.3 tag holding only that frame when it has
 * none. A provider's MP3 keeps its own frames; ours goes in beside them.
 */
export function withUserText(file: Buffer, description: string, value: string): Buffer {
  const major = file[3] ?? 0;
  if (file.subarray(0, 3).toString('latin1') !== 'ID3' || (major !== 3 && major !== 4)) {
    const body = userTextFrame(description, value);
    return Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([3, 0, 0]), syncsafe(body.length), body, file]);
  }
  const flags = file[5] ?? 0;
  const size = ((file[6] ?? 0) << 21) | ((file[7] ?? 0) << 14) | ((file[8] ?? 0) << 7) | (file[9] ?? 0);
  let added = userTextFrame(description, value);
  // v2.4 frame sizes are syncsafe; v2.3's plain.
  if (major === 4) added = Buffer.concat([added.subarray(0, 4), syncsafe(added.length - 10), added.subarray(8)]);
  if (flags & 0x80) added = unsynchronise(added);
  let at = 10;
  if (flags & 0x40) {
    // Extended header: v2.3 counts its size without these 4 bytes, v2.4 with them (syncsafe).
    const ext =
      major === 4
        ? ((file[10] ?? 0) << 21) | ((file[11] ?? 0) << 14) | ((file[12] ?? 0) << 7) | (file[13] ?? 0)
        : file.readUInt32BE(10) + 4;
    at += ext;
  }
  const header = Buffer.from(file.subarray(0, 10));
  syncsafe(size + added.length).copy(header, 6);
  return Buffer.concat([header, file.subarray(10, at), added, file.subarray(at)]);
}

/** Reads the frames of an ID3v2.3 tag back (tests and tools): id → decoded text of its last field. */
export function readId3(file: Buffer): Record<string, string> {
  if (file.subarray(0, 3).toString('latin1') !== 'ID3') return {};
  const size = ((file[6] ?? 0) << 21) | ((file[7] ?? 0) << 14) | ((file[8] ?? 0) << 7) | (file[9] ?? 0);
  const out: Record<string, string> = {};
  let at = 10;
  while (at + 10 <= 10 + size) {
    const id = file.subarray(at, at + 4).toString('latin1');
    const length = file.readUInt32BE(at + 4);
    if (!/^[A-Z0-9]{4}$/.test(id) || length === 0) break;
    const body = file.subarray(at + 10, at + 10 + length);
    const bom = body.lastIndexOf(Buffer.from([0xff, 0xfe]));
    out[id] = bom >= 0 ? body.subarray(bom + 2).toString('utf16le') : '';
    at += 10 + length;
  }
  return out;
}
