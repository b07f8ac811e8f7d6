import sharp from 'sharp';
import { expect } from 'vitest';
import { quadrant, type Rect } from '../../src/server/providers/image/edit-geometry';
import type { DrawEdit, DrawJob } from '../../src/server/providers/image/types';

/** Shared by the offline engine's action tests: small jobs and pixel comparisons. */

export const S = 256;

export const job = (patch: Partial<DrawJob> = {}): DrawJob => ({
  taskId: 'dact',
  prompt: '雪山 湖泊 清晨',
  negativePrompt: null,
  aspect: '1:1',
  quality: 1,
  width: S,
  height: S,
  steps: 20,
  seed: 11,
  references: [],
  grid: false,
  edit: null,
  ...patch,
});

export const edit = (patch: Partial<DrawEdit>): DrawEdit => ({
  action: 'upscale',
  index: null,
  strength: null,
  zoom: null,
  direction: null,
  source: Buffer.alloc(0),
  sourceGrid: false,
  mask: null,
  parentProviderTaskId: null,
  parentButtons: [],
  ...patch,
});

/** RGB pixels of a picture or of one rectangle of it, optionally resized. */
export async function pixels(png: Buffer, rect?: Rect, size?: { width: number; height: number }) {
  let img = sharp(png).removeAlpha();
  if (rect) img = img.extract(rect);
  if (size) img = img.resize(size.width, size.height, { fit: 'fill' });
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean absolute difference per channel (0–255) of two same-sized pixel buffers. */
export function mad(a: { data: Buffer }, b: { data: Buffer }): number {
  expect(a.data.length).toBe(b.data.length);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs((a.data[i] as number) - (b.data[i] as number));
  return sum / a.data.length;
}

export async function sizeOf(png: Buffer) {
  const { width, height } = await sharp(png).metadata();
  return { width, height };
}

export const quads = (w = S, h = S) => [1, 2, 3, 4].map((i) => quadrant(i, w, h));
export const inset = (r: Rect, by: number): Rect => ({
  left: r.left + by,
  top: r.top + by,
  width: r.width - 2 * by,
  height: r.height - 2 * by,
});

/** Index (1–4) of the source quadrant a picture resembles most, with every distance. */
export async function nearestQuadrant(source: Buffer, picture: Buffer, rect?: Rect) {
  const half = { width: S / 2, height: S / 2 };
  const mine = await pixels(picture, rect, half);
  const d = await Promise.all(quads().map(async (q) => mad(mine, await pixels(source, q))));
  return { best: d.indexOf(Math.min(...d)) + 1, d };
}
