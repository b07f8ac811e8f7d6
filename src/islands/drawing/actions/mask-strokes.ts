/** One brush stroke, in the picture's own (natural) pixels, so the mask matches the picture whatever its display size. */
export interface Stroke {
  /** Brush diameter in natural pixels. */
  size: number;
  points: Array<[number, number]>;
}

export interface Size {
  width: number;
  height: number;
}

/** The part of a canvas 2D context the strokes use (a recording fake in the unit tests). */
export type StrokeContext = Pick<
  CanvasRenderingContext2D,
  'beginPath' | 'moveTo' | 'lineTo' | 'stroke' | 'arc' | 'fill' | 'lineCap' | 'lineJoin' | 'lineWidth'
> & { strokeStyle: unknown; fillStyle: unknown };

/** The brush's diameter in the picture's pixels: the slider is in screen pixels, so what is seen is what is painted. */
export function brushPixels(brush: number, natural: Size, shownWidth: number): number {
  return Math.max(1, Math.round(brush * (natural.width / Math.max(1, shownWidth))));
}

/** A pointer's place on the shown picture, in natural pixels (clamped to the picture). */
export function toNatural(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
  natural: Size,
): [number, number] {
  const x = ((clientX - box.left) / Math.max(1, box.width)) * natural.width;
  const y = ((clientY - box.top) / Math.max(1, box.height)) * natural.height;
  const clamp = (v: number, max: number) => Math.round(Math.min(max, Math.max(0, v)) * 10) / 10;
  return [clamp(x, natural.width), clamp(y, natural.height)];
}

/** Paints the strokes in one colour: round caps and joins, a dot for a single tap. */
export function paintStrokes(ctx: StrokeContext, strokes: readonly Stroke[], colour: string): void {
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const s of strokes) {
    const [first, ...rest] = s.points;
    if (!first) continue;
    ctx.beginPath();
    if (rest.length === 0) {
      ctx.arc(first[0], first[1], s.size / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.lineWidth = s.size;
    ctx.moveTo(first[0], first[1]);
    for (const [x, y] of rest) ctx.lineTo(x, y);
    ctx.stroke();
  }
}

/** The mask the server wants: the picture's natural size, white where painted on black, as a PNG data URL. */
export function maskDataUrl(strokes: readonly Stroke[], size: Size): string {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, size.width, size.height);
  paintStrokes(ctx, strokes, '#fff');
  return canvas.toDataURL('image/png');
}

/** What a key does to the mask from the keyboard: move the brush, and paint while moving or on the spot. */
export type MaskKey = { move: [number, number]; paint: boolean } | { dab: true } | null;

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The keyboard's brush (the pointer's alternative): arrows move it, Shift+arrows paint as they move,
 * Space or Enter paints a dab where it is.
 */
export function maskKey(key: string, shift: boolean): MaskKey {
  const arrow = ARROWS[key];
  if (arrow) return { move: arrow, paint: shift };
  return key === ' ' || key === 'Enter' ? { dab: true } : null;
}

/** The brush moved by `step` natural pixels in a direction, kept on the picture. */
export function movedCursor(at: [number, number], dir: [number, number], step: number, size: Size): [number, number] {
  const clamp = (v: number, max: number) => Math.round(Math.min(max, Math.max(0, v)) * 10) / 10;
  return [clamp(at[0] + dir[0] * step, size.width), clamp(at[1] + dir[1] * step, size.height)];
}

/** Strokes after the keyboard painted at `point`: the stroke going on when `extend`, else a new dab of `size`. */
export function paintedAt(
  strokes: readonly Stroke[],
  point: [number, number],
  size: number,
  extend: boolean,
): Stroke[] {
  const last = strokes.at(-1);
  if (extend && last) return [...strokes.slice(0, -1), { ...last, points: [...last.points, point] }];
  return [...strokes, { size, points: [point] }];
}
