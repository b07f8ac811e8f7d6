import exifReader from 'exif-reader';
import { sidecar } from 'exifr';
import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { id3 } from '../../src/server/providers/music/mp3';
import { labelAudio } from '../../src/server/services/compliance/labels';
import { labelPicture } from '../../src/server/services/drawing/store';
import { type AigcOperator, aigcRecord } from '../../src/shared/compliance';

// Read back with independent parsers (libvips, exifr, exif-reader, music-metadata), never our writer.
const op: AigcOperator = { serviceName: '妙笔 <Miaobi> & Co', filingCode: '网信算备110000000000001号' };
const expected = {
  Label: '1',
  ContentProducer: '妙笔 <Miaobi> & Co 网信算备110000000000001号',
  ProduceID: 'dtask42',
  ReservedCode1: '',
  ContentPropagator: '妙笔 <Miaobi> & Co 网信算备110000000000001号',
  PropagateID: 'dtask42',
  ReservedCode2: '',
};

async function labelsOf(picture: Buffer) {
  const meta = await sharp(picture).metadata();
  const xmp = (await sidecar(meta.xmp as Buffer, {}, 'xmp')) as { TC260?: { AIGC?: string } };
  const exif = exifReader(meta.exif as Buffer);
  const xp = Buffer.from(exif.Image?.XPComment as unknown as number[])
    .toString('utf16le')
    .replace(/\0+$/, '');
  const userComment = exif.Photo?.UserComment as Buffer | undefined;
  // Its first 8 bytes name the character code ('ASCII\0\0\0').
  const comment = String(userComment?.subarray(8).toString('latin1')).replace(/\0+$/, '');
  return { xmp: JSON.parse(xmp.TC260?.AIGC ?? 'null'), xp: JSON.parse(xp), comment: JSON.parse(comment) };
}

describe('implicit AI labels', () => {
  it('the record has the appendix fields in order, with the operator as producer and propagator', () => {
    const record = aigcRecord(op, 'dtask42');
    expect(Object.keys(record)).toEqual(Object.keys(expected));
    expect(record).toEqual(expected);
    expect(aigcRecord({ serviceName: 'Miaobi', filingCode: '' }, 'x').ContentProducer).toBe('Miaobi');
  });

  it('pictures carry the AIGC record in XMP and EXIF, full size and thumbnail', async () => {
    const raw = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const { full, thumb } = await labelPicture({ taskId: 'dtask42' }, raw, op);
    for (const picture of [full, thumb]) {
      const labels = await labelsOf(picture);
      expect(labels.xmp).toEqual(expected);
      expect(labels.xp).toEqual(expected);
      expect(labels.comment).toEqual(expected);
    }
  });

  it("songs carry the AIGC record in an ID3 TXXX frame beside the provider's own frames", async () => {
    const frames = (tag: Awaited<ReturnType<typeof parseBuffer>>) =>
      Object.values(tag.native)
        .flat()
        .filter((t) => t.id === 'TXXX:AIGC' || t.id === 'TXXX:AI_GENERATED' || t.id === 'TIT2');
    const audio = Buffer.alloc(2000);
    const ours = id3({ title: '夏天', artist: 'a', album: 'b', genre: 'pop', label: 'AI生成', lyrics: '' });
    const tagged = labelAudio(op, { bytes: Buffer.concat([ours, audio]), ext: 'mp3' }, 'dtask42');
    const read = await parseBuffer(tagged.bytes, { mimeType: 'audio/mpeg' });
    const byId = Object.fromEntries(frames(read).map((t) => [t.id, t.value]));
    expect(JSON.parse(byId['TXXX:AIGC'] as string)).toEqual(expected);
    expect(byId['TXXX:AI_GENERATED']).toBe('AI生成');
    expect(byId.TIT2).toBe('夏天');

    // A file with no tag gets one; an ID3v2.4 tag keeps its version.
    const bare = labelAudio(op, { bytes: audio, ext: 'mp3' }, 'dtask42');
    const v24 = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), audio]);
    for (const bytes of [bare.bytes, labelAudio(op, { bytes: v24, ext: 'mp3' }, 'dtask42').bytes]) {
      const tag = await parseBuffer(bytes, { mimeType: 'audio/mpeg' });
      const aigc = Object.values(tag.native)
        .flat()
        .find((t) => t.id === 'TXXX:AIGC');
      expect(JSON.parse(aigc?.value as string)).toEqual(expected);
    }
  });
});
