import { brotliDecompressSync, constants, inflateRawSync } from 'node:zlib';
import { type Allowance, DocumentRefused } from './limits';

// The PDF filters pdf.js decodes while reading text, each bounded by what the allowance has left:
// the output is counted as it is made and the decoding stops at the limit, never after.

const tooLarge = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';

function flate(data: Buffer, allowance: Allowance): Buffer {
  // pdf.js refuses a stream whose zlib header is wrong, so such a stream unpacks to nothing.
  const cmf = data[0] ?? 0;
  const flg = data[1] ?? 0;
  if ((cmf & 0x0f) !== 8 || ((cmf << 8) + flg) % 31 !== 0 || flg & 0x20) return Buffer.alloc(0);
  try {
    // Raw, without the checksum (pdf.js does not check it); a cut stream yields what it holds.
    return inflateRawSync(data.subarray(2), {
      maxOutputLength: Math.max(1, allowance.bytes),
      finishFlush: constants.Z_SYNC_FLUSH,
    });
  } catch (err) {
    throw new DocumentRefused(tooLarge(err) ? 'expands' : 'malformed');
  }
}

function brotli(data: Buffer, allowance: Allowance): Buffer {
  try {
    return brotliDecompressSync(data, {
      maxOutputLength: Math.max(1, allowance.bytes),
      finishFlush: constants.BROTLI_OPERATION_FLUSH,
    });
  } catch (err) {
    throw new DocumentRefused(tooLarge(err) ? 'expands' : 'malformed');
  }
}

/** Bytes of a decoder's output, collected until the allowance runs out. */
class Output {
  private bytes: Buffer;
  length = 0;
  constructor(private readonly allowance: Allowance) {
    this.bytes = Buffer.alloc(4096);
  }
  push(byte: number) {
    if (this.length === this.bytes.length) {
      if (this.length >= this.allowance.bytes) throw new DocumentRefused('expands');
      const bigger = Buffer.alloc(Math.min(this.length * 2, Math.max(this.allowance.bytes, this.length + 1)));
      this.bytes.copy(bigger);
      this.bytes = bigger;
    }
    this.bytes[this.length++] = byte;
  }
  done(): Buffer {
    return this.bytes.subarray(0, this.length);
  }
}

function asciiHex(data: Buffer): Buffer {
  const end = data.indexOf(0x3e); // '>'
  const digits = data.toString('latin1', 0, end < 0 ? data.length : end).replace(/[^0-9a-f]/gi, '');
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

function ascii85(data: Buffer, allowance: Allowance): Buffer {
  const out = new Output(allowance);
  let group: number[] = [];
  const flush = (n: number) => {
    let v = 0;
    for (let i = 0; i < 5; i++) v = v * 85 + (group[i] ?? 84);
    for (let i = 0; i < n - 1; i++) out.push((v >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const c of data) {
    if (c === 0x7e) break; // '~>' ends the data
    if (c === 0x7a && group.length === 0) for (let i = 0; i < 4; i++) out.push(0);
    else if (c >= 0x21 && c <= 0x75) {
      group.push(c - 0x21);
      if (group.length === 5) flush(5);
    }
  }
  if (group.length > 1) flush(group.length);
  return out.done();
}

function runLength(data: Buffer, allowance: Allowance): Buffer {
  const out = new Output(allowance);
  for (let i = 0; i < data.length; ) {
    const n = data[i++] as number;
    if (n === 128) break;
    if (n < 128) for (let k = 0; k <= n && i < data.length; k++) out.push(data[i++] as number);
    else {
      const b = data[i++] ?? 0;
      for (let k = 0; k < 257 - n; k++) out.push(b);
    }
  }
  return out.done();
}

function lzw(data: Buffer, allowance: Allowance, earlyChange: number): Buffer {
  const out = new Output(allowance);
  const table: number[][] = [];
  const reset = () => {
    table.length = 258;
    for (let i = 0; i < 256; i++) table[i] = [i];
  };
  reset();
  let bits = 9;
  let buffer = 0;
  let held = 0;
  let previous: number[] | null = null;
  for (const byte of data) {
    buffer = (buffer << 8) | byte;
    held += 8;
    while (held >= bits) {
      held -= bits;
      const code = (buffer >>> held) & ((1 << bits) - 1);
      buffer &= (1 << held) - 1;
      if (code === 257) return out.done();
      if (code === 256) {
        reset();
        bits = 9;
        previous = null;
        continue;
      }
      const known = table[code];
      const entry: number[] | undefined = known ?? (previous ? [...previous, previous[0] as number] : undefined);
      if (!entry) return out.done();
      for (const b of entry) out.push(b);
      if (previous && table.length < 4096) table.push([...previous, entry[0] as number]);
      previous = entry;
      const size = table.length + earlyChange;
      bits = size >= 2048 ? 12 : size >= 1024 ? 11 : size >= 512 ? 10 : 9;
    }
  }
  return out.done();
}

/** Image codecs: pdf.js does not decode pictures to read text, so the chain's counting ends there. */
const PICTURES = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode', 'CCF']);

/**
 * Runs a stream's filter chain within the allowance (each step's output taken from it). A first
 * zlib or brotli step reads `toEnd` (the stream's first byte to the end of the file): both formats
 * stop by themselves, so no stated or faked length can make pdf.js unpack more than was counted.
 * Other first steps read `body` (up to the next `endstream`).
 */
export function decodeChain(toEnd: Buffer, body: Buffer, filters: string[], allowance: Allowance, earlyChange = 1) {
  const first = filters[0];
  let bytes = first === 'FlateDecode' || first === 'Fl' || first === 'BrotliDecode' ? toEnd : body;
  for (const filter of filters) {
    if (PICTURES.has(filter)) return;
    if (filter === 'FlateDecode' || filter === 'Fl') bytes = flate(bytes, allowance);
    else if (filter === 'BrotliDecode') bytes = brotli(bytes, allowance);
    else if (filter === 'ASCIIHexDecode' || filter === 'AHx') bytes = asciiHex(bytes);
    else if (filter === 'ASCII85Decode' || filter === 'A85') bytes = ascii85(bytes, allowance);
    else if (filter === 'RunLengthDecode' || filter === 'RL') bytes = runLength(bytes, allowance);
    else if (filter === 'LZWDecode' || filter === 'LZW') bytes = lzw(bytes, allowance, earlyChange);
    // pdf.js hands an unknown filter's stream on undecoded.
    else return;
    allowance.takeBytes(bytes.length);
  }
}
