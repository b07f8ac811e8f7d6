import type { DrawEdit } from './types';

/** Longest side an edited picture may have (the stored picture's own cap). */
export const EDIT_MAX_SIDE = 2048;

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Quadrant 1–4 of a 2×2 grid (1 top left, 2 top right, 3 bottom left, 4 bottom right). */
export function quadrant(index: number, width: number, height: number): Rect {
  const w = Math.floor(width / 2);
  const h = Math.floor(height / 2);
  const i = Math.min(4, Math.max(1, Math.round(index))) - 1;
  return { left: (i % 2) * w, top: Math.floor(i / 2) * h, width: w, height: h };
}

/** Scales a size down so its longest side fits `max`, keeping the ratio (never up). */
export function fitSide(width: number, height: number, max = EDIT_MAX_SIDE): { width: number; height: number } {
  const k = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

/**
 * Where the source goes on an outpainting canvas (zoom out, pan): the canvas size and the
 * source's rectangle on it; everything else is new. Zoom keeps the canvas the source's size and
 * shrinks the source by the factor, centred. Pan grows the canvas by half the source's side in
 * its direction and keeps the source whole on the other side. Both fit EDIT_MAX_SIDE.
 */
export function outpaintLayout(
  edit: Pick<DrawEdit, 'action' | 'zoom' | 'direction'>,
  width: number,
  height: number,
): { width: number; height: number; inner: Rect } {
  if (edit.action === 'zoom') {
    const f = Math.min(2, Math.max(1, edit.zoom ?? 2));
    const iw = Math.max(1, Math.round(width / f));
    const ih = Math.max(1, Math.round(height / f));
    return {
      width,
      height,
      inner: { left: Math.round((width - iw) / 2), top: Math.round((height - ih) / 2), width: iw, height: ih },
    };
  }
  const horizontal = edit.direction === 'left' || edit.direction === 'right';
  const grown = horizontal ? { width: Math.round(width * 1.5), height } : { width, height: Math.round(height * 1.5) };
  const canvas = fitSide(grown.width, grown.height);
  const k = canvas.width / grown.width;
  const iw = Math.round(width * k);
  const ih = Math.round(height * k);
  return {
    ...canvas,
    inner: {
      left: edit.direction === 'left' ? canvas.width - iw : 0,
      top: edit.direction === 'up' ? canvas.height - ih : 0,
      width: iw,
      height: ih,
    },
  };
}
