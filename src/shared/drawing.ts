/** Aspect ratios a drawing may ask for, the first being the default (docs/validation-and-limits.md). */
export const ASPECT_RATIOS = ['1:1', '4:3', '3:4', '16:9', '9:16'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** Pixel quality: 1 normal, 2 HD, 3 ultra HD. */
export const QUALITIES = [1, 2, 3] as const;
export type Quality = (typeof QUALITIES)[number];

/** Drawing task status codes (docs/state-machines.md), stored in drawings.status and sent in replies and pushes. */
export const DrawingStatus = {
  SUBMITTED: 1,
  DRAWING: 2,
  DONE: 10,
  FAILED: 11,
  VIOLATION: 12,
  CHECKING: 13,
  SENSITIVE: 14,
} as const;

/**
 * What can be done to a finished picture, each a new drawing task of its own (docs/drawing-actions.md):
 * upscale (U1–U4 on a grid, 2× on a single picture), variation (V1–V4 of a grid), vary (strong or
 * subtle, on a single picture), reroll (same prompt, new seed), zoom (out 1.5×, 2× or custom),
 * pan (extend one side), inpaint (repaint the masked region; Midjourney's "vary region").
 */
export const DRAW_ACTIONS = ['upscale', 'variation', 'vary', 'reroll', 'zoom', 'pan', 'inpaint'] as const;
export type DrawAction = (typeof DRAW_ACTIONS)[number];
export const PAN_DIRECTIONS = ['left', 'right', 'up', 'down'] as const;
export type PanDirection = (typeof PAN_DIRECTIONS)[number];
export const VARY_STRENGTHS = ['strong', 'subtle'] as const;
export type VaryStrength = (typeof VARY_STRENGTHS)[number];
/** Custom zoom-out factor bounds (Midjourney's --zoom). */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 2;

/** A grid's buttons, as Midjourney lays them out: U1–U4, V1–V4, reroll. */
export const GRID_ACTION_KEYS = [
  'upscale:1',
  'upscale:2',
  'upscale:3',
  'upscale:4',
  'variation:1',
  'variation:2',
  'variation:3',
  'variation:4',
  'reroll',
] as const;

/** A single picture's own buttons (it may be rerolled too). */
const SINGLE_ONLY = [
  'upscale',
  'vary:strong',
  'vary:subtle',
  'inpaint',
  'zoom:2',
  'zoom:1.5',
  'zoom:custom',
  'pan:left',
  'pan:right',
  'pan:up',
  'pan:down',
] as const;

/** One button a finished picture offers; the server lists those its engine can do (DrawingMessage.actions). */
export const ACTION_KEYS = [...GRID_ACTION_KEYS, ...SINGLE_ONLY] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];

/** A single picture's buttons: an upscaled one, or any picture of an engine that draws one at a time. */
export const SINGLE_ACTION_KEYS: readonly ActionKey[] = [...SINGLE_ONLY, 'reroll'];

/** The parameters of an action request, apart from the picture, prompt and mask. */
export interface ActionParams {
  action: DrawAction;
  index?: number;
  strength?: VaryStrength;
  zoom?: number;
  direction?: PanDirection;
}

/** The request fields a button sends (custom zoom adds its own factor, inpaint its mask). */
export function actionParams(key: ActionKey): ActionParams {
  const [action, arg] = key.split(':') as [DrawAction, string | undefined];
  if (arg === undefined) return { action };
  if (action === 'upscale' || action === 'variation') return { action, index: Number(arg) };
  if (action === 'vary') return { action, strength: arg as VaryStrength };
  if (action === 'pan') return { action, direction: arg as PanDirection };
  return arg === 'custom' ? { action } : { action, zoom: Number(arg) };
}

/** The button an action request presses, or null when its parameters do not fit the action. */
export function actionKeyOf(p: ActionParams): ActionKey | null {
  const key = ((): string => {
    switch (p.action) {
      case 'upscale':
      case 'variation':
        return p.index === undefined ? p.action : `${p.action}:${p.index}`;
      case 'vary':
        return `vary:${p.strength ?? 'strong'}`;
      case 'pan':
        return `pan:${p.direction ?? ''}`;
      case 'zoom':
        if (p.zoom === undefined) return '';
        return p.zoom === 2 || p.zoom === 1.5 ? `zoom:${p.zoom}` : 'zoom:custom';
      default:
        return p.action;
    }
  })();
  return (ACTION_KEYS as readonly string[]).includes(key) ? (key as ActionKey) : null;
}
