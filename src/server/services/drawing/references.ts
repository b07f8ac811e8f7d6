import type { Sharp } from 'sharp';
import { Code } from '../../../shared/codes';
import { DomainError } from '../../errors';
import { loadSharp } from '../../providers/sharp';
import { pictureRefused } from '../pictures';

/** base64Array: at most this many reference images (docs/api.md). */
export const MAX_REFERENCES = 4;
/** Decoded bytes of one reference image. */
export const MAX_REFERENCE_BYTES = 5 * 1024 * 1024;
/** Longest side a reference is kept at. */
const KEEP_SIDE = 1024;
const MIN_SIDE = 32;
const REFERENCE_MAX_PIXELS = 40_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/** One picture the user sent (a data URL or bare base64), decoded and checked by sharp, or a translated refusal. */
async function decodePicture(item: string, shape: (image: Sharp) => Sharp): Promise<Buffer> {
  const sharp = await loadSharp();
  const m = /^(?:data:image\/[a-z0-9.+-]+;base64,)?([A-Za-z0-9+/\s]+={0,2})$/.exec(item);
  if (!m?.[1]) throw new DomainError(Code.BAD_REQUEST, 'drawing:reference.invalid');
  const bytes = Buffer.from(m[1], 'base64');
  if (bytes.length > MAX_REFERENCE_BYTES)
    throw new DomainError(Code.BAD_REQUEST, 'drawing:reference.tooLarge', {
      params: { mb: MAX_REFERENCE_BYTES >> 20 },
    });
  try {
    const image = sharp(bytes, { limitInputPixels: REFERENCE_MAX_PIXELS, failOn: 'error', animated: false });
    const meta = await image.metadata();
    if (!meta.format || !FORMATS.has(meta.format)) throw new Error(`format ${meta.format}`);
    if ((meta.width ?? 0) < MIN_SIDE || (meta.height ?? 0) < MIN_SIDE) throw new Error('too small');
    return await shape(image.rotate()).png().toBuffer();
  } catch (err) {
    throw pictureRefused(err, REFERENCE_MAX_PIXELS, new DomainError(Code.BAD_REQUEST, 'drawing:reference.invalid'));
  }
}

/**
 * Decodes each reference image with sharp: anything that is not a real JPEG, PNG, WebP or GIF
 * picture of sane size is refused. Accepted ones are re-encoded as PNG (metadata stripped, at
 * most 1024 px), so nothing the sender hid in the file goes further.
 */
export async function decodeReferences(list: readonly string[]): Promise<Buffer[]> {
  if (list.length > MAX_REFERENCES)
    throw new DomainError(Code.BAD_REQUEST, 'drawing:reference.tooMany', { params: { max: MAX_REFERENCES } });
  const out: Buffer[] = [];
  for (const item of list)
    out.push(
      await decodePicture(item, (image) =>
        image.resize(KEEP_SIDE, KEEP_SIDE, { fit: 'inside', withoutEnlargement: true }),
      ),
    );
  return out;
}

/**
 * An inpaint mask: decoded like a reference, stretched to the picture's size, greyscale (white
 * is repainted). A mask with nothing painted is refused: it would change nothing.
 */
export async function decodeMask(item: string, width: number, height: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const mask = await decodePicture(item, (image) =>
    image.flatten({ background: '#000' }).resize(width, height, { fit: 'fill' }).greyscale(),
  );
  const { channels } = await sharp(mask).stats();
  if ((channels[0]?.max ?? 0) < 128) throw new DomainError(Code.BAD_REQUEST, 'drawing:action.maskEmpty');
  return mask;
}
