// Implicit AI labels read from uploaded pictures: real files carrying each marker, made here the
// way their tools write them, read through sharp's parse like an upload.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { labelExif, labelXmp } from '../../src/server/providers/image/label';
import { aigcMarkOf } from '../../src/server/services/compliance/upload-labels';
import { type AigcRecord, aigcRecord, escapedJson } from '../../src/shared/compliance';

const plain = () => sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 120, b: 40 } } });

async function markOf(bytes: Buffer) {
  return aigcMarkOf(await sharp(bytes).metadata(), bytes);
}

/** A PNG text chunk (tEXt: keyword, NUL, Latin-1 text) before the image data, as SD WebUI (PIL) writes `parameters`, or after it. */
function withPngText(png: Buffer, keyword: string, text: string, afterData = false): Buffer {
  const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]);
  const type = Buffer.from('tEXt', 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  type.copy(chunk, 4);
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(Buffer.concat([type, data])) >>> 0, 8 + data.length);
  const at = afterData ? png.length - 12 : png.indexOf('IDAT') - 4;
  return Buffer.concat([png.subarray(0, at), chunk, png.subarray(at)]);
}

/** A JPEG with an APP11 segment holding a JUMBF superbox labelled `c2pa` (a C2PA manifest store). */
function withC2pa(jpeg: Buffer): Buffer {
  const label = Buffer.from('c2pa\0', 'latin1');
  const jumd = Buffer.concat([
    Buffer.alloc(4),
    Buffer.from('jumd', 'latin1'),
    Buffer.alloc(16),
    Buffer.from([3]),
    label,
  ]);
  jumd.writeUInt32BE(jumd.length, 0);
  const jumb = Buffer.concat([Buffer.alloc(4), Buffer.from('jumb', 'latin1'), jumd]);
  jumb.writeUInt32BE(jumb.length, 0);
  // JPEG XT box header (CI 'JP', instance, sequence) before the box, as C2PA embeds it.
  const payload = Buffer.concat([Buffer.from('JP', 'latin1'), Buffer.from([0, 1, 0, 0, 0, 1]), jumb]);
  const segment = Buffer.concat([Buffer.from([0xff, 0xeb]), Buffer.alloc(2), payload]);
  segment.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

const op = { serviceName: 'Other AI', filingCode: '' };

describe('an uploaded picture', () => {
  it('with a TC260 AIGC record in XMP (label 1) is generated', async () => {
    const webp = await plain()
      .webp()
      .withXmp(labelXmp(aigcRecord(op, 'x1')))
      .toBuffer();
    expect(await markOf(webp)).toBe('generated');
  });

  it('with the record only in EXIF comments keeps its label value (2: possibly)', async () => {
    // Another service's record: we write only '1', the standard allows '2' (possibly) and '3' (suspected).
    const record = { ...aigcRecord(op, 'x2'), Label: '2' } as unknown as AigcRecord;
    const exif = labelExif(record);
    const jpeg = await plain()
      .jpeg()
      .withExif({ IFD0: { ImageDescription: 'photo' }, IFD2: { UserComment: escapedJson(record, true) } })
      .toBuffer();
    expect(await markOf(jpeg)).toBe('possible');
    const windows = await plain()
      .jpeg()
      .withExif({ IFD0: { XPComment: exif.IFD0.XPComment } })
      .toBuffer();
    expect(await markOf(windows)).toBe('possible');
  });

  it("with SD WebUI's PNG `parameters` is suspected", async () => {
    const png = withPngText(
      await plain().png().toBuffer(),
      'parameters',
      'a cat\nNegative prompt: blurry\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 1, Model: sd_xl_base_1.0',
    );
    expect((await sharp(png).metadata()).comments).toEqual([expect.objectContaining({ keyword: 'parameters' })]);
    expect(await markOf(png)).toBe('suspected');
    // ComfyUI's `workflow`, after the image data where libvips does not look.
    const late = withPngText(await plain().png().toBuffer(), 'workflow', '{"nodes":[]}', true);
    expect((await sharp(late).metadata()).comments).toBeUndefined();
    expect(await markOf(late)).toBe('suspected');
  });

  it('with a C2PA manifest store is possibly generated', async () => {
    expect(await markOf(withC2pa(await plain().jpeg().toBuffer()))).toBe('possible');
  });

  it("with a generator's name in XMP CreatorTool is suspected; the strongest finding wins", async () => {
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="Midjourney"/></rdf:RDF></x:xmpmeta>`;
    expect(await markOf(await plain().png().withXmp(xmp).toBuffer())).toBe('suspected');
    const both = withC2pa(
      await plain()
        .jpeg()
        .withXmp(labelXmp(aigcRecord(op, 'x3')))
        .toBuffer(),
    );
    expect(await markOf(both)).toBe('generated');
  });

  it('without any of them is not marked', async () => {
    expect(await markOf(await plain().png().toBuffer())).toBeNull();
    expect(
      await markOf(
        await plain()
          .jpeg()
          .withExif({ IFD0: { Software: 'GIMP 2.10' } })
          .toBuffer(),
      ),
    ).toBeNull();
  });
});
