import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';

import { ASPECT_RATIOS, type AspectRatio, QUALITIES, type Quality } from '../shared/drawing';

export { ASPECT_RATIOS, type AspectRatio, QUALITIES, type Quality };
/** Drawing constants (docs/validation-and-limits.md). */
export const DEFAULT_STEPS = 20;
export const MAX_STEPS = 40;

export interface DrawSettings {
  selectedAspectRatio: AspectRatio;
  /** Pixel quality: 1 normal (the default when nothing is stored), 2 HD, 3 ultra HD. */
  drawSelectedOption: Quality;
  drawSteps: number;
  /** 1 public (default), 2 private. */
  drawPublicFlag: 1 | 2;
}

/**
 * Steps rule: empty, null or not a positive number → 20; above 40 →
 * 20 with the 'steps cannot exceed 40' warning (docs/validation-and-limits.md).
 */
export function normalizeSteps(value: unknown): { steps: number; tooMany: boolean } {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : Number.NaN;
  if (!Number.isFinite(n) || n < 1) return { steps: DEFAULT_STEPS, tooMany: false };
  if (n > MAX_STEPS) return { steps: DEFAULT_STEPS, tooMany: true };
  return { steps: Math.round(n), tooMany: false };
}

const isAspect = (v: unknown): v is AspectRatio => (ASPECT_RATIOS as readonly unknown[]).includes(v);

// One local-storage key per field, named as docs/routes-and-screens.md names them.
export const $aspectRatio = persistentAtom<AspectRatio>('selectedAspectRatio', '1:1', {
  encode: (v) => v,
  decode: (raw) => (isAspect(raw) ? raw : '1:1'),
});
export const $quality = persistentAtom<Quality>('drawSelectedOption', 1, {
  encode: String,
  decode: (raw) => {
    const n = Number(raw);
    return n === 2 || n === 3 ? n : 1;
  },
});
export const $steps = persistentAtom<number>('drawSteps', DEFAULT_STEPS, {
  encode: String,
  decode: (raw) => normalizeSteps(raw).steps,
});
export const $publicFlag = persistentAtom<1 | 2>('drawPublicFlag', 1, {
  encode: String,
  decode: (raw) => (raw === '2' ? 2 : 1),
});

export const $drawSettings = computed(
  [$aspectRatio, $quality, $steps, $publicFlag],
  (selectedAspectRatio, drawSelectedOption, drawSteps, drawPublicFlag): DrawSettings => ({
    selectedAspectRatio,
    drawSelectedOption,
    drawSteps,
    drawPublicFlag,
  }),
);

export function setAspectRatio(value: string): void {
  if (isAspect(value)) $aspectRatio.set(value);
}

export function setQuality(value: number): void {
  if (value === 1 || value === 2 || value === 3) $quality.set(value);
}

/** Applies the steps rule; returns true when the value was over 40 (the caller warns). */
export function setSteps(value: unknown): boolean {
  const { steps, tooMany } = normalizeSteps(value);
  $steps.set(steps);
  return tooMany;
}

export function setPublicFlag(value: 1 | 2): void {
  $publicFlag.set(value);
}

/** Fills the settings of a picture ('draw same style', redraw). */
export function applySettings(p: { drawRate?: string; drawQuality?: number; drawSteps?: number }): void {
  if (p.drawRate) setAspectRatio(p.drawRate);
  if (p.drawQuality) setQuality(p.drawQuality);
  if (p.drawSteps) setSteps(p.drawSteps);
}
