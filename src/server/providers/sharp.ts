import type sharpFn from 'sharp';
import type { SharpOptions } from 'sharp';

/** Pixels a picture may declare when its caller names no smaller bound (about 6,300 × 6,300). */
export const MAX_INPUT_PIXELS = 40_000_000;

let loading: Promise<typeof sharpFn> | null = null;

/**
 * sharp (libvips: ~20 MB and ~0.2 s) loads with the first picture to decode or draw, not at
 * start-up: no page needs it. A static `import sharp` fails the build (scripts/build-server.mjs).
 * What it hands back always sets `limitInputPixels` (MAX_INPUT_PIXELS unless the caller gives a
 * number), so no caller can decode a picture of unbounded size: a file declaring more pixels is
 * refused from its header, before anything is decoded.
 */
export function loadSharp(): Promise<typeof sharpFn> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    const bounded = (input?: Parameters<typeof sharpFn>[0], options?: SharpOptions) => {
      const asked = options?.limitInputPixels;
      const limit = typeof asked === 'number' && asked > 0 ? asked : MAX_INPUT_PIXELS;
      return sharp(input as Buffer, { ...options, limitInputPixels: limit });
    };
    return Object.assign(bounded, sharp) as unknown as typeof sharpFn;
  });
  return loading;
}

/** Thrown by pictureSize when the header declares more pixels than allowed. */
export class TooManyPixels extends Error {}

/**
 * A picture's format, size and label-bearing metadata from its header alone (nothing decoded); throws TooManyPixels past
 * `maxPixels`, or an Error when the bytes are no picture sharp can read.
 */
export async function pictureSize(bytes: Buffer, maxPixels = MAX_INPUT_PIXELS) {
  const sharp = await loadSharp();
  const meta = await sharp(bytes, { limitInputPixels: maxPixels })
    .metadata()
    .catch((err: Error) => {
      throw isTooManyPixels(err) ? new TooManyPixels(err.message) : err;
    });
  if (!meta.width || !meta.height) throw new Error('no size');
  const { format, width, height, xmp, exif, comments } = meta;
  // The metadata an upload's implicit AI labels are read from (services/compliance/upload-labels.ts).
  return { format, width, height, labels: { xmp, exif, comments } };
}

/** sharp's refusal of a picture past its `limitInputPixels`. */
export function isTooManyPixels(err: unknown): boolean {
  return err instanceof TooManyPixels || /exceeds pixel limit/.test((err as Error)?.message ?? '');
}
