import { type AigcOperator, aigcJson, aigcRecord } from '../../../shared/compliance';
import { labelExif, labelXmp } from '../../providers/image/label';
import { withUserText } from '../../providers/music/mp3';
import type { StoredFile } from '../../providers/music/types';
import { withXmp } from '../../providers/video/mp4-xmp';

/**
 * A song's audio with the implicit label: the `AIGC` record in an ID3 TXXX frame of that name,
 * beside whatever tags the provider wrote. Only MP3 carries ID3; another format is stored as it
 * came (every provider here delivers MP3).
 */
export function labelAudio(op: AigcOperator, file: StoredFile, produceId: string): StoredFile {
  if (file.ext !== 'mp3') return file;
  return { ...file, bytes: withUserText(file.bytes, 'AIGC', aigcJson(op, produceId)) };
}

/** The XMP packet and EXIF fields sharp writes into a picture we made (`withXmp`, `withExif`). */
export function pictureLabel(op: AigcOperator, produceId: string) {
  const record = aigcRecord(op, produceId);
  return { xmp: labelXmp(record), exif: labelExif(record) };
}

/**
 * A video with the implicit label: the same XMP packet as a picture's (the `AIGC` record and
 * 'AI生成'), in the MP4's top-level XMP `uuid` box. Throws when the file is no MP4.
 */
export function labelVideo(op: AigcOperator, mp4: Buffer, produceId: string): Buffer {
  return withXmp(mp4, labelXmp(aigcRecord(op, produceId)));
}
