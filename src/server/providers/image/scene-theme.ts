import { createHash } from 'node:crypto';
import { seededRandom } from '../../../shared/seeded-random';
import { KEYWORDS, type Motif, THEMES, type Theme } from './scene-palettes';

export type { Motif, Theme } from './scene-palettes';

/** A deterministic pseudo-random stream seeded from text (the shared mulberry32 under a hash of it). */
export interface Rng {
  next(): number;
  range(min: number, max: number): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(list: readonly T[]): T;
}

export function rngFrom(text: string): Rng {
  const next = seededRandom(createHash('sha256').update(text).digest().readUInt32LE(0));
  const range = (min: number, max: number) => min + (max - min) * next();
  return {
    next,
    range,
    int: (min, max) => Math.floor(range(min, max + 1)),
    pick: (list) => list[Math.floor(next() * list.length)] as (typeof list)[number],
  };
}

/** The theme a prompt asks for, or one chosen by the prompt's hash. */
export function themeFor(prompt: string, rng: Rng): Theme {
  const found = KEYWORDS.find(([, re]) => re.test(prompt));
  const motif: Motif = found ? found[0] : rng.pick(['mountains', 'sea', 'dream', 'forest'] as const);
  const base = rng.pick(THEMES[motif]);
  // A small hue shift keeps two prompts of one motif from looking identical.
  const shift = rng.range(-14, 14);
  const tint = (c: string) => shiftHue(c, shift);
  return {
    motif,
    sky: base.sky.map(tint) as Theme['sky'],
    light: base.light,
    land: base.land.map(tint) as Theme['land'],
    accent: base.accent,
  };
}

export function shiftHue(hex: string, degrees: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (d !== 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
  }
  h = (((h * 60 + degrees) % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r1, g1, b1] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  const to = (v: number) =>
    Math.round((v + m) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${to(r1)}${to(g1)}${to(b1)}`;
}
