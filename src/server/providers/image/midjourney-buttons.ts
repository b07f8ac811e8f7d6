import type { ActionKey } from '../../../shared/drawing';
import type { ProviderButton } from './types';

/**
 * Which midjourney-proxy button (its Discord customId) presses each of our action keys. A task's
 * buttons say what Midjourney offers on that picture: U/V/reroll on a grid; vary, zoom, pan and
 * upscale on an upscaled one. Custom zoom and vary region open a modal (POST /mj/submit/modal).
 */
const PATTERNS: ReadonlyArray<readonly [ActionKey, RegExp]> = [
  ['upscale:1', /^MJ::JOB::upsample::1::/],
  ['upscale:2', /^MJ::JOB::upsample::2::/],
  ['upscale:3', /^MJ::JOB::upsample::3::/],
  ['upscale:4', /^MJ::JOB::upsample::4::/],
  ['variation:1', /^MJ::JOB::variation::1::/],
  ['variation:2', /^MJ::JOB::variation::2::/],
  ['variation:3', /^MJ::JOB::variation::3::/],
  ['variation:4', /^MJ::JOB::variation::4::/],
  ['reroll', /^MJ::JOB::reroll::/],
  ['upscale', /^MJ::JOB::upsample_v\d+(?:r\d+)?_2x(?:_subtle)?::/],
  ['vary:strong', /^MJ::JOB::high_variation::/],
  ['vary:subtle', /^MJ::JOB::low_variation::/],
  ['inpaint', /^MJ::Inpaint::/],
  ['zoom:2', /^MJ::Outpaint::50::/],
  ['zoom:1.5', /^MJ::Outpaint::75::/],
  ['zoom:custom', /^MJ::CustomZoom::/],
  ['pan:left', /^MJ::JOB::pan_left::/],
  ['pan:right', /^MJ::JOB::pan_right::/],
  ['pan:up', /^MJ::JOB::pan_up::/],
  ['pan:down', /^MJ::JOB::pan_down::/],
];

/** Buttons that open Midjourney's modal: the action is followed by /mj/submit/modal. */
export const MODAL_KEYS: ReadonlySet<ActionKey> = new Set(['inpaint', 'zoom:custom']);

/** The button pressing `key` among a task's buttons, if it offers one. */
export function buttonFor(key: ActionKey, buttons: readonly ProviderButton[]): ProviderButton | null {
  const pattern = PATTERNS.find(([k]) => k === key)?.[1];
  return (pattern && buttons.find((b) => pattern.test(b.customId))) || null;
}

/** Our action keys a task's buttons offer, in ACTION_KEYS order. */
export function actionKeysOf(buttons: readonly ProviderButton[]): ActionKey[] {
  return PATTERNS.filter(([, p]) => buttons.some((b) => p.test(b.customId))).map(([k]) => k);
}

/** A grid: its buttons upscale one of four quadrants. */
export const isGridButtons = (buttons: readonly ProviderButton[]) =>
  buttons.some((b) => /^MJ::JOB::upsample::[1-4]::/.test(b.customId));

/** The task's `buttons` as we keep them; anything malformed is dropped. */
export function parseButtons(value: unknown): ProviderButton[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((b) =>
    typeof b === 'object' && b !== null && typeof (b as { customId?: unknown }).customId === 'string'
      ? [
          {
            customId: String((b as { customId: string }).customId).slice(0, 200),
            label: String((b as { label?: unknown }).label ?? '').slice(0, 40),
            emoji: String((b as { emoji?: unknown }).emoji ?? '').slice(0, 16),
          },
        ]
      : [],
  );
}
