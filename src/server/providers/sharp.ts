import type sharpFn from 'sharp';

let loading: Promise<typeof sharpFn> | null = null;

/**
 * sharp (libvips: ~20 MB and ~0.2 s) loads with the first picture to decode or draw, not at
 * start-up: no page needs it. A static `import sharp` fails the build (scripts/build-server.mjs).
 */
export function loadSharp(): Promise<typeof sharpFn> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
