import type { OutputInfo } from 'sharp';
import type { AigcOperator } from '../../../shared/compliance';
import type { Drawing } from '../../db/schema';
import { labelHeight, labelSvg } from '../../providers/image/label';
import { ImageProviderError } from '../../providers/image/types';
import { loadSharp } from '../../providers/sharp';
import { FILES_PREFIX, fileKey } from '../../providers/storage';
import type { Runtime } from '../../runtime';
import { pictureLabel } from '../compliance/labels';
import { aigcOperator } from '../compliance/operator';

/** Longest side a stored picture keeps. */
const MAX_SIDE = 2048;
const THUMB_SIDE = 480;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface StoredPicture {
  imageUrl: string;
  thumbnailsUrl: string;
  width: number;
  height: number;
}

/**
 * Labels a provider's picture and re-hosts it (never hot-linked): decoded and
 * checked by sharp, the visible 'AI生成' badge drawn in the corner, the implicit
 * label (the `AIGC` record naming the operator, ProduceID the task id) in XMP and
 * EXIF, stored as WebP with a WebP thumbnail (no visible badge: the page draws
 * the label over it; the same metadata).
 */
export async function labelPicture(d: Pick<Drawing, 'taskId'>, bytes: Buffer, operator: AigcOperator) {
  const sharp = await loadSharp();
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    const input = sharp(bytes, { limitInputPixels: 120_000_000, failOn: 'error' });
    const meta = await input.metadata();
    if (!meta.format || !FORMATS.has(meta.format)) throw new Error(`unsupported format ${meta.format}`);
    decoded = await input
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new ImageProviderError('failed', `the provider's picture could not be read: ${(err as Error).message}`);
  }
  const { width, height } = decoded.info;
  const label = labelSvg(labelHeight(width, height));
  const margin = Math.round(label.height * 0.5);
  const labelled = await sharp(decoded.data)
    .composite([
      {
        input: Buffer.from(label.svg),
        left: Math.max(0, width - label.width - margin),
        top: Math.max(0, height - label.height - margin),
      },
    ])
    .png({ compressionLevel: 1 })
    .toBuffer();
  const { xmp, exif } = pictureLabel(operator, d.taskId);
  const full = await sharp(labelled).webp({ quality: 90 }).withExif(exif).withXmp(xmp).toBuffer();
  // The original without the visible badge, the same implicit label: private for good (its key is no
  // public file's, services/file-access.ts), handed out only through an unlabelled download the console allows.
  const source = await sharp(decoded.data).webp({ quality: 90 }).withExif(exif).withXmp(xmp).toBuffer();
  // The thumbnail is shown only in cards, under their own translated 'AI生成' badge: a second,
  // baked-in label would show the text twice (tests/e2e/draw-grid.spec.ts). It keeps the implicit label.
  const thumb = await sharp(decoded.data)
    .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .withExif(exif)
    .withXmp(xmp)
    .toBuffer();
  return { full, thumb, source, width, height };
}

export async function storePicture(
  rt: Runtime,
  d: Pick<Drawing, 'taskId' | 'createdAt'>,
  bytes: Buffer,
): Promise<StoredPicture> {
  const { full, thumb, source, width, height } = await labelPicture(d, bytes, await aigcOperator(rt));
  const month = d.createdAt.toISOString().slice(0, 7).replace('-', '');
  const base = `drawings/${month}/${d.taskId}`;
  const imageUrl = await rt.storage.put(`${base}.webp`, full);
  const thumbnailsUrl = await rt.storage.put(`${base}-thumb.webp`, thumb);
  await rt.storage.put(sourceKeyOf(imageUrl) ?? `${base}-source.webp`, source);
  return { imageUrl, thumbnailsUrl, width, height };
}

/** The storage key of a picture's unlabelled original, beside its labelled file. */
export function sourceKeyOf(imageUrl: string | null): string | null {
  const key = imageUrl ? fileKey(imageUrl) : null;
  return key?.endsWith('.webp') ? `${key.slice(0, -'.webp'.length)}-source.webp` : null;
}

export async function removePicture(rt: Runtime, d: Pick<Drawing, 'imageUrl' | 'thumbnailsUrl'>): Promise<void> {
  const source = sourceKeyOf(d.imageUrl);
  for (const url of [d.imageUrl, d.thumbnailsUrl, source && FILES_PREFIX + source]) {
    if (url) await rt.storage.remove(url).catch(() => undefined);
  }
}
