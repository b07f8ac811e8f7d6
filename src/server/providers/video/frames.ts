/**
 * Frame painting for the offline video: a slow camera move over a still background (the
 * prompt's scene, or the reference picture), soft moving lights whose colours, count and
 * motion come from the prompt, and the visible label in the corner. Plain loops over RGBA
 * buffers: no canvas, no native code, so it runs on a worker thread as it is.
 */

export type Motion = 'rise' | 'fall' | 'drift' | 'swirl';

export interface Sprite {
  /** Start position as a fraction of the frame. */
  x: number;
  y: number;
  /** Radius as a fraction of the frame's shorter side. */
  r: number;
  rgb: [number, number, number];
  alpha: number;
  /** Speed (frames' lengths per clip) and phase of its motion. */
  speed: number;
  phase: number;
}

export interface FramePlan {
  width: number;
  height: number;
  fps: number;
  frames: number;
  /** The background, larger than the frame by `bgWidth - width` / `bgHeight - height` to pan over. */
  background: Uint8Array;
  bgWidth: number;
  bgHeight: number;
  /** Camera path: start and end offsets as fractions of the room to pan. */
  pan: [number, number, number, number];
  motion: Motion;
  sprites: Sprite[];
  /** The visible label, straight (not premultiplied) RGBA. */
  label: Uint8Array;
  labelWidth: number;
  labelHeight: number;
}

const ease = (t: number) => t * t * (3 - 2 * t);

/** Where a sprite is at time t (0–1 over the clip), wrapped into the frame. */
function place(s: Sprite, motion: Motion, t: number): [number, number] {
  const a = 2 * Math.PI * (s.speed * t + s.phase);
  const wrap = (v: number) => (((v % 1.2) + 1.2) % 1.2) - 0.1;
  switch (motion) {
    case 'rise':
      return [s.x + 0.03 * Math.sin(a * 2), wrap(s.y - s.speed * 0.4 * t)];
    case 'fall':
      return [s.x + 0.04 * Math.sin(a * 1.5), wrap(s.y + s.speed * 0.4 * t)];
    case 'drift':
      return [wrap(s.x + s.speed * 0.3 * t), s.y + 0.02 * Math.sin(a * 3)];
    default:
      return [0.5 + (s.x - 0.5) * Math.cos(a * 0.5), 0.5 + (s.y - 0.5) * Math.sin(a * 0.5 + s.phase)];
  }
}

/** A soft disc blended over the frame: full at its centre, fading to nothing at its edge. */
function disc(out: Uint8Array, w: number, h: number, cx: number, cy: number, r: number, s: Sprite, glow: number) {
  const x0 = Math.max(0, Math.floor(cx - r));
  const x1 = Math.min(w - 1, Math.ceil(cx + r));
  const y0 = Math.max(0, Math.floor(cy - r));
  const y1 = Math.min(h - 1, Math.ceil(cy + r));
  const [cr, cg, cb] = s.rgb;
  for (let y = y0; y <= y1; y++) {
    const dy = (y - cy) / r;
    for (let x = x0; x <= x1; x++) {
      const dx = (x - cx) / r;
      const d = dx * dx + dy * dy;
      if (d >= 1) continue;
      const a = s.alpha * glow * (1 - d) * (1 - d);
      const i = (y * w + x) * 4;
      out[i] = out[i] + (cr - out[i]) * a;
      out[i + 1] = out[i + 1] + (cg - out[i + 1]) * a;
      out[i + 2] = out[i + 2] + (cb - out[i + 2]) * a;
    }
  }
}

/** The label over the frame's bottom right corner, a margin of half its height from the edges. */
function stamp(out: Uint8Array, w: number, h: number, p: FramePlan) {
  const margin = Math.round(p.labelHeight / 2);
  const left = Math.max(0, w - p.labelWidth - margin);
  const top = Math.max(0, h - p.labelHeight - margin);
  for (let y = 0; y < p.labelHeight && top + y < h; y++) {
    for (let x = 0; x < p.labelWidth && left + x < w; x++) {
      const s = (y * p.labelWidth + x) * 4;
      const a = (p.label[s + 3] as number) / 255;
      if (a === 0) continue;
      const d = ((top + y) * w + left + x) * 4;
      for (let c = 0; c < 3; c++) out[d + c] = out[d + c] + ((p.label[s + c] as number) - out[d + c]) * a;
    }
  }
}

/** Paints frame `n` of the plan into `out` (width × height × 4 bytes). */
export function paintFrame(p: FramePlan, n: number, out: Uint8Array): void {
  const { width: w, height: h } = p;
  const t = p.frames > 1 ? n / (p.frames - 1) : 0;
  const e = ease(t);
  const ox = Math.round((p.bgWidth - w) * (p.pan[0] + (p.pan[2] - p.pan[0]) * e));
  const oy = Math.round((p.bgHeight - h) * (p.pan[1] + (p.pan[3] - p.pan[1]) * e));
  for (let y = 0; y < h; y++) {
    const from = ((y + oy) * p.bgWidth + ox) * 4;
    out.set(p.background.subarray(from, from + w * 4), y * w * 4);
  }
  const short = Math.min(w, h);
  for (const s of p.sprites) {
    const [fx, fy] = place(s, p.motion, t);
    // Twinkle: each light breathes at its own pace.
    const glow = 0.65 + 0.35 * Math.sin(2 * Math.PI * (t * (1 + s.speed) + s.phase));
    disc(out, w, h, fx * w, fy * h, Math.max(1.5, s.r * short), s, glow);
  }
  stamp(out, w, h, p);
}
