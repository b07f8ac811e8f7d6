import { inflateRawSync } from 'node:zlib';
import { type Allowance, DocumentRefused } from './limits';

// A DOCX is a zip. mammoth reads it through `{ file }` (exists + read), so it gets its parts from
// here: each is unpacked only when asked, by zlib with `maxOutputLength` set to what the allowance
// has left, so a part that would unpack past it stops there — nothing is unpacked first and
// measured after. XML parts are checked for nesting, element count and DTDs before mammoth sees them.

interface Entry {
  method: number;
  compressedSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The zip's directory (names → where each part lies); throws malformed for anything else. */
function directory(zip: Buffer, allowance: Allowance): Map<string, Entry> {
  const bad = () => new DocumentRefused('malformed');
  // The end record sits in the last 22 bytes plus at most a 64 KB comment.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--)
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  if (end < 0) throw bad();
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  // 0xffff / 0xffffffff mean ZIP64, which no document of this size needs.
  if (count === 0xffff || at === 0xffffffff) throw bad();
  allowance.takeObjects(count);
  const entries = new Map<string, Entry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw bad();
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (at + 46 + skip > zip.length) throw bad();
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, {
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + skip;
  }
  return entries;
}

function unpack(zip: Buffer, entry: Entry, allowance: Allowance): Buffer {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new DocumentRefused('malformed');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new DocumentRefused('malformed');
  let out: Buffer;
  if (entry.method === 0) out = data;
  else if (entry.method === 8) {
    if (allowance.bytes <= 0) throw new DocumentRefused('expands');
    try {
      out = inflateRawSync(data, { maxOutputLength: allowance.bytes });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new DocumentRefused('expands');
      throw new DocumentRefused('malformed');
    }
  } else throw new DocumentRefused('malformed');
  allowance.takeBytes(out.length);
  return out;
}

/**
 * Checks an XML part before a DOM is built from it: no DTD (entity expansion), at most `maxDepth`
 * nested elements, and its elements taken from the allowance's objects.
 */
export function checkXml(xml: string, maxDepth: number, allowance: Allowance) {
  let depth = 0;
  let elements = 0;
  let i = xml.indexOf('<');
  while (i >= 0) {
    const next = xml.charCodeAt(i + 1);
    if (next === 33 /* ! */) {
      if (xml.startsWith('<!--', i)) i = xml.indexOf('-->', i + 4);
      else if (xml.startsWith('<![CDATA[', i)) i = xml.indexOf(']]>', i + 9);
      else throw new DocumentRefused('malformed'); // <!DOCTYPE, <!ENTITY: never in a document's parts
    } else if (next === 63 /* ? */) i = xml.indexOf('?>', i + 2);
    else {
      // The tag ends at the first '>' outside quotes ('<' cannot appear inside attribute values).
      let j = i + 1;
      let quote = 0;
      for (; j < xml.length; j++) {
        const c = xml.charCodeAt(j);
        if (quote) {
          if (c === quote) quote = 0;
        } else if (c === 34 || c === 39) quote = c;
        else if (c === 62) break;
      }
      if (j >= xml.length) throw new DocumentRefused('malformed');
      if (next === 47 /* / */) depth--;
      else if (xml.charCodeAt(j - 1) !== 47) {
        if (++depth > maxDepth) throw new DocumentRefused('tooComplex');
        elements++;
      } else elements++;
      i = j;
    }
    if (i < 0) throw new DocumentRefused('malformed');
    i = xml.indexOf('<', i + 1);
  }
  allowance.takeObjects(elements);
}

/** mammoth's view of the zip (`extractRawText({ file })`): parts unpack on demand, within the allowance. */
export function boundedZip(zip: Buffer, allowance: Allowance, maxDepth: number) {
  const entries = directory(zip, allowance);
  const utf8 = new TextDecoder('utf-8');
  const file = {
    /** The first limit a read hit: mammoth may wrap or swallow the error it was given. */
    refused: null as DocumentRefused | null,
    exists: (name: string) => entries.has(name),
    async read(name: string, encoding?: string): Promise<Uint8Array | string> {
      try {
        const entry = entries.get(name);
        if (!entry) throw new DocumentRefused('malformed');
        const bytes = unpack(zip, entry, allowance);
        if (encoding === 'base64') return bytes.toString('base64');
        if (!encoding) return bytes;
        const text = utf8.decode(bytes);
        // mammoth reads text only to parse it as XML, whatever the part's name.
        checkXml(text, maxDepth, allowance);
        return text;
      } catch (err) {
        if (err instanceof DocumentRefused) file.refused ??= err;
        throw err;
      }
    },
  };
  return file;
}

/** Every part's name, and each part unpacked on demand within the allowance (a payment bill's zip). */
export function zipParts(zip: Buffer, allowance: Allowance) {
  const entries = directory(zip, allowance);
  return {
    names: [...entries.keys()],
    read(name: string): Buffer {
      const entry = entries.get(name);
      if (!entry) throw new DocumentRefused('malformed');
      return unpack(zip, entry, allowance);
    },
  };
}
