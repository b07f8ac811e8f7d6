import { type ActionKey, actionParams, ZOOM_MAX, ZOOM_MIN } from '../../../shared/drawing';
import type { ActionRequest, DrawingMessage } from '../draw-api';

/** What an action acts on: a finished picture of the caller. */
export interface ActionTarget {
  id: string;
  prompt: string;
  imageUrl: string;
  width: number | null;
  height: number | null;
}

export const targetOf = (m: DrawingMessage): ActionTarget => ({
  id: m.id,
  prompt: m.prompt,
  imageUrl: m.imageUrl ?? '',
  width: m.width,
  height: m.height,
});

/** What a dialog adds to a button's fields: custom zoom its factor, inpaint its mask, both a prompt. */
export interface ActionExtra {
  prompt?: string;
  zoom?: number;
  mask?: string;
}

/** Midjourney's layout: a grid's U row (with reroll) and V row; a single picture's vary, zoom, pan and upscale rows. */
const ROWS: readonly (readonly ActionKey[])[] = [
  ['upscale:1', 'upscale:2', 'upscale:3', 'upscale:4', 'reroll'],
  ['variation:1', 'variation:2', 'variation:3', 'variation:4'],
  ['vary:strong', 'vary:subtle', 'inpaint'],
  ['zoom:2', 'zoom:1.5', 'zoom:custom'],
  ['pan:left', 'pan:right', 'pan:up', 'pan:down'],
  ['upscale', 'reroll'],
];

/** The rows of buttons to show: only the keys the picture offers, in Midjourney's order (reroll once: a grid's first row, else the last). */
export function actionRows(offered: readonly ActionKey[]): ActionKey[][] {
  const grid = offered.some((k) => /^(upscale|variation):/.test(k));
  return ROWS.map((row, i) => row.filter((k) => offered.includes(k) && (k !== 'reroll' || (i === 0) === grid))).filter(
    (row) => row.length > 0,
  );
}

/** The translation key of a button's label (i18next reads ':' and '.' as separators, so neither is kept). */
export const labelKey = (key: ActionKey) => `act.${key.replace(/[:.]/g, '_')}`;

const GLYPHS: Partial<Record<ActionKey, string>> = {
  reroll: '🔄',
  'pan:left': '⬅️',
  'pan:right': '➡️',
  'pan:up': '⬆️',
  'pan:down': '⬇️',
};

/** The short face of a button (U2, V3, an arrow), or null to show its full label. */
export function glyphOf(key: ActionKey): string | null {
  const [action, arg] = key.split(':');
  if (arg && action === 'upscale') return `U${arg}`;
  if (arg && action === 'variation') return `V${arg}`;
  return GLYPHS[key] ?? null;
}

/** The buttons that ask something first: their dialog adds the factor or the mask. */
export type DialogAction = 'zoom:custom' | 'inpaint';
export const needsDialog = (key: ActionKey): key is DialogAction => key === 'zoom:custom' || key === 'inpaint';

/** The request a button sends, with what its dialog added; an empty prompt means the picture's own. */
export function actionRequest(id: string, key: ActionKey, extra: ActionExtra = {}): ActionRequest {
  const body: ActionRequest = { id, ...actionParams(key) };
  const prompt = extra.prompt?.trim();
  if (prompt) body.prompt = prompt;
  if (key === 'zoom:custom' && extra.zoom !== undefined) body.zoom = extra.zoom;
  if (key === 'inpaint' && extra.mask) body.mask = extra.mask;
  return body;
}

/** A custom zoom factor as typed, or null when it is not a number in [ZOOM_MIN, ZOOM_MAX]. */
export function parseZoom(text: string): number | null {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value) || value < ZOOM_MIN || value > ZOOM_MAX) return null;
  return Math.round(value * 100) / 100;
}
