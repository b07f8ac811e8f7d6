import { loadSharp } from '../sharp';
import { outpaintLayout, quadrant } from './edit-geometry';
import { type DrawEdit, ImageProviderError } from './types';

/** A PNG and its size. */
export interface Picture {
  png: Buffer;
  width: number;
  height: number;
}

/** Pixels an edit's source may declare (EDIT_MAX_SIDE² with room for a 2×2 grid of them). */
const SOURCE_MAX_PIXELS = 4096 * 4096;

/** A picture's size from its header, refusing what is no picture or too large a one. */
async function readSize(bytes: Buffer, what: string) {
  const sharp = await loadSharp();
  const meta = await sharp(bytes, { limitInputPixels: SOURCE_MAX_PIXELS })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw new ImageProviderError('failed', `the ${what} is no readable picture`);
  return { sharp, width: meta.width, height: meta.height };
}

/**
 * The picture an edit works on, as PNG: the parent whole, or the quadrant `index` of a grid
 * (upscale and variation act on one of four candidates).
 */
export async function editSource(edit: DrawEdit): Promise<Picture> {
  const { sharp, width, height } = await readSize(edit.source, 'picture to edit');
  let image = sharp(edit.source, { limitInputPixels: SOURCE_MAX_PIXELS });
  let size = { width, height };
  if (edit.sourceGrid && edit.index !== null) {
    const q = quadrant(edit.index, width, height);
    image = image.extract(q);
    size = { width: q.width, height: q.height };
  }
  return { png: await image.png().toBuffer(), ...size };
}

/** The inpainting mask at the source's size, black and white (white: repaint) without alpha. */
export async function editMask(edit: DrawEdit, width: number, height: number): Promise<Buffer> {
  if (!edit.mask) throw new ImageProviderError('failed', 'an inpaint needs a mask');
  const { sharp } = await readSize(edit.mask, 'mask');
  return sharp(edit.mask, { limitInputPixels: SOURCE_MAX_PIXELS })
    .flatten({ background: '#000000' })
    .resize(width, height, { fit: 'fill' })
    .greyscale()
    .threshold(128)
    .png()
    .toBuffer();
}

/**
 * OpenAI's mask convention from ours: an RGBA PNG of the source, fully transparent where our
 * mask is white (to repaint) and opaque where it is black (kept).
 */
export async function alphaMask(source: Picture, mask: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height } = source;
  const grey = await sharp(mask).resize(width, height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
  const rgb = await sharp(source.png).removeAlpha().raw().toBuffer();
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgb.copy(rgba, i * 4, i * 3, i * 3 + 3);
    rgba[i * 4 + 3] = 255 - (grey[i] ?? 0);
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** An outpainting canvas: the picture, where the new area goes, and what marks it. */
export interface Outpaint {
  width: number;
  height: number;
  /** The source on the canvas; the new area holds the source stretched and blurred (a start for the painter). */
  filled: Buffer;
  /** Black where the source is kept, white on the new area. */
  mask: Buffer;
  /** The source on a fully transparent canvas (OpenAI edits: transparency marks the edit). */
  transparent: Buffer;
}

/**
 * The canvas for zoom out or pan (edit-geometry.ts outpaintLayout), its sides rounded to
 * `multiple` (diffusion models want multiples of 8).
 */
export async function outpaintCanvas(edit: DrawEdit, source: Picture, multiple = 1): Promise<Outpaint> {
  const sharp = await loadSharp();
  const layout = outpaintLayout(edit, source.width, source.height);
  const round = (n: number) => Math.max(multiple, Math.round(n / multiple) * multiple);
  const width = round(layout.width);
  const height = round(layout.height);
  const kx = width / layout.width;
  const ky = height / layout.height;
  const iw = Math.min(width, Math.max(1, Math.round(layout.inner.width * kx)));
  const ih = Math.min(height, Math.max(1, Math.round(layout.inner.height * ky)));
  const left = Math.min(width - iw, Math.round(layout.inner.left * kx));
  const top = Math.min(height - ih, Math.round(layout.inner.top * ky));
  const inner = await sharp(source.png).resize(iw, ih, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const backdrop = await sharp(source.png)
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .blur(Math.max(4, Math.round(Math.max(width, height) / 40)))
    .png()
    .toBuffer();
  const filled = await sharp(backdrop)
    .composite([{ input: inner, raw: { width: iw, height: ih, channels: 3 }, left, top }])
    .removeAlpha()
    .png()
    .toBuffer();
  // Drawn pixel by pixel: one pass, and no blank canvas to create through the bounded loader.
  const mask = Buffer.alloc(width * height, 255);
  const clear = Buffer.alloc(width * height * 4);
  for (let y = 0; y < ih; y++) {
    const row = (top + y) * width + left;
    mask.fill(0, row, row + iw);
    for (let x = 0; x < iw; x++) {
      inner.copy(clear, (row + x) * 4, (y * iw + x) * 3, (y * iw + x) * 3 + 3);
      clear[(row + x) * 4 + 3] = 255;
    }
  }
  return {
    width,
    height,
    filled,
    mask: await sharp(mask, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer(),
    transparent: await sharp(clear, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  };
}
