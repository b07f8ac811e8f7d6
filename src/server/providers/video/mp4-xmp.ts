/**
 * The implicit label of an MP4: an XMP packet in a top-level `uuid` box with the XMP UUID
 * (BE7ACFCB-97A9-42E8-9C71-999491E3AFAC), as Adobe's XMP spec part 3 places it for MP4/MOV.
 * Appended after the last box: chunk offsets in `moov` stay right, so the file stays valid.
 */

export const XMP_UUID = Buffer.from('BE7ACFCB97A942E89C71999491E3AFAC', 'hex');

/** The top-level boxes of an MP4 (type, start, size); throws when a size runs past the end. */
export function topLevelBoxes(file: Uint8Array): { type: string; start: number; size: number }[] {
  const view = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const boxes: { type: string; start: number; size: number }[] = [];
  let at = 0;
  while (at + 8 <= view.length) {
    let size = view.readUInt32BE(at);
    const type = view.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(view.readBigUInt64BE(at + 8));
    else if (size === 0) size = view.length - at;
    if (size < 8 || at + size > view.length) throw new Error(`bad MP4 box ${type} at ${at}`);
    boxes.push({ type, start: at, size });
    at += size;
  }
  if (at !== view.length) throw new Error('MP4 ends inside a box header');
  return boxes;
}

/** A top-level `uuid` box holding the XMP packet. */
export function xmpBox(xmp: string): Buffer {
  const body = Buffer.from(xmp, 'utf8');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + 16 + body.length, 0);
  head.write('uuid', 4, 'latin1');
  return Buffer.concat([head, XMP_UUID, body]);
}

/** The MP4 with `xmp` in its XMP box: an earlier XMP box is dropped, every other box kept as it was. */
export function withXmp(file: Buffer, xmp: string): Buffer {
  const boxes = topLevelBoxes(file);
  if (!boxes.some((b) => b.type === 'moov')) throw new Error('not an MP4 (no moov box)');
  const parts: Buffer[] = [];
  for (const b of boxes) {
    const isXmp = b.type === 'uuid' && file.subarray(b.start + 8, b.start + 24).equals(XMP_UUID);
    // An earlier XMP box is only dropped when it is the last box: removing one in the middle would move mdat.
    if (isXmp && b.start + b.size === file.length) continue;
    parts.push(file.subarray(b.start, b.start + b.size));
  }
  parts.push(xmpBox(xmp));
  return Buffer.concat(parts);
}

/** The XMP packet of the file's last XMP box, or null. */
export function readXmp(file: Uint8Array): string | null {
  const view = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  let found: string | null = null;
  for (const b of topLevelBoxes(view))
    if (b.type === 'uuid' && view.subarray(b.start + 8, b.start + 24).equals(XMP_UUID))
      found = view.toString('utf8', b.start + 24, b.start + b.size);
  return found;
}
