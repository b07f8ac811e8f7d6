import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import type { DrawEdit, DrawHooks, DrawJob } from '../../../src/server/providers/image/types';
import { pictureSize } from '../../../src/server/providers/image/types';

/** A drawing job as the runner hands it to a provider. */
export function drawJob(over: Partial<DrawJob> = {}): DrawJob {
  return {
    taskId: 'd-action',
    prompt: 'a lighthouse at dusk',
    negativePrompt: null,
    aspect: '1:1',
    quality: 1,
    ...pictureSize('1:1', 1),
    steps: 20,
    seed: 4242,
    references: [],
    grid: false,
    edit: null,
    ...over,
  };
}

/** An edit of a finished picture; the fields an action does not use are null. */
export function drawEdit(source: Buffer, over: Partial<DrawEdit>): DrawEdit {
  return {
    action: 'upscale',
    index: null,
    strength: null,
    zoom: null,
    direction: null,
    source,
    sourceGrid: false,
    mask: null,
    parentProviderTaskId: null,
    parentButtons: [],
    ...over,
  };
}

/** Hooks recording what the provider remembered and reported; `providerTaskId` resumes. */
export function recordingHooks(providerTaskId: string | null = null) {
  const remembered: string[] = [];
  const progress: number[] = [];
  const hooks: DrawHooks = {
    signal: AbortSignal.timeout(20_000),
    progress: async (p) => {
      progress.push(p);
    },
    providerTaskId,
    rememberProviderTaskId: async (id) => {
      remembered.push(id);
    },
    notifyHook: '',
    wait: (ms) => sleep(ms),
  };
  return { hooks, remembered, progress };
}

/** Four candidates in four colours, as a 2×2 grid (1 top left … 4 bottom right). */
export const GRID_COLOURS = ['#ff0000', '#00ff00', '#0000ff', '#ffff00'] as const;

export async function gridPng(width = 128, height = 96) {
  const w = width / 2;
  const h = height / 2;
  const tiles = await Promise.all(
    GRID_COLOURS.map((background) =>
      sharp({ create: { width: w, height: h, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite(tiles.map((input, i) => ({ input, left: (i % 2) * w, top: Math.floor(i / 2) * h })))
    .png()
    .toBuffer();
}

/** A mask of the given size: black, with a white rectangle (the region to repaint). */
export async function maskPng(
  width: number,
  height: number,
  white: { left: number; top: number; width: number; height: number },
) {
  const patch = await sharp({ create: { width: white.width, height: white.height, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite([{ input: patch, left: white.left, top: white.top }])
    .greyscale()
    .png()
    .toBuffer();
}

/** One pixel's channels of a picture (base64 or bytes). */
export async function pixel(picture: Buffer | string, x: number, y: number) {
  const bytes = typeof picture === 'string' ? Buffer.from(picture, 'base64') : picture;
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

/** A pixel's colour, without alpha. */
export const rgb = async (picture: Buffer | string, x: number, y: number) => (await pixel(picture, x, y)).slice(0, 3);

export async function sizeOf(picture: Buffer | string) {
  const bytes = typeof picture === 'string' ? Buffer.from(picture, 'base64') : picture;
  const { width, height, format, channels } = await sharp(bytes).metadata();
  return { width, height, format, channels };
}
