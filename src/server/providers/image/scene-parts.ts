import type { Rng } from './scene-theme';

const f = (n: number) => (Math.round(n * 10) / 10).toString();

/** A fractal ridge line (midpoint displacement) from x=0 to x=w around `base`, as an SVG path closed below. */
export function ridge(rng: Rng, w: number, h: number, base: number, rough: number, fill: string, opacity = 1): string {
  const n = 64;
  const ys = new Array<number>(n + 1).fill(base);
  ys[0] = base + rng.range(-rough, rough) / 2;
  ys[n] = base + rng.range(-rough, rough) / 2;
  for (let step = n; step > 1; step /= 2) {
    const amp = rough * (step / n) ** 0.9;
    for (let i = step / 2; i < n; i += step) {
      ys[i] = ((ys[i - step / 2] as number) + (ys[i + step / 2] as number)) / 2 + rng.range(-amp, amp);
    }
  }
  const pts = ys.map((y, i) => `${f((i / n) * w)},${f(y)}`).join(' L');
  return `<path d="M0,${f(h)} L${pts} L${f(w)},${f(h)} Z" fill="${fill}" opacity="${opacity}"/>`;
}

export function stars(rng: Rng, w: number, h: number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = rng.next() < 0.92 ? rng.range(0.4, 1.3) : rng.range(1.5, 2.6);
    out += `<circle cx="${f(rng.range(0, w))}" cy="${f(rng.range(0, h) ** 1.15 / h ** 0.15)}" r="${f((r * w) / 1000)}" fill="#fff" opacity="${f(rng.range(0.35, 1))}"/>`;
  }
  return out;
}

/** Soft blobs of light (clouds, haze, dream orbs) under the blur filter. */
export function blobs(
  rng: Rng,
  w: number,
  h: number,
  count: number,
  color: string,
  top: number,
  bottom: number,
): string {
  let out = '<g filter="url(#soft)">';
  for (let i = 0; i < count; i++) {
    const rx = rng.range(0.08, 0.22) * w;
    out += `<ellipse cx="${f(rng.range(-0.05, 1.05) * w)}" cy="${f(rng.range(top, bottom) * h)}" rx="${f(rx)}" ry="${f(rx * rng.range(0.18, 0.4))}" fill="${color}" opacity="${f(rng.range(0.18, 0.45))}"/>`;
  }
  return `${out}</g>`;
}

export function orbs(rng: Rng, w: number, h: number, count: number, colors: readonly string[]): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = rng.range(0.02, 0.09) * Math.min(w, h);
    out += `<circle cx="${f(rng.range(0, w))}" cy="${f(rng.range(0.08, 0.6) * h)}" r="${f(r)}" fill="${rng.pick(colors)}" opacity="${f(rng.range(0.25, 0.7))}" filter="url(#glow)"/>`;
  }
  return out;
}

/** A skyline of buildings standing on `base`, with lit windows. */
export function skyline(
  rng: Rng,
  w: number,
  h: number,
  base: number,
  fill: string,
  lit: string,
  scale: number,
): string {
  let out = '';
  let x = -rng.range(0, 20);
  const unit = (Math.min(w, h) / 40) * scale;
  while (x < w) {
    const bw = rng.range(2.2, 5.5) * unit;
    const bh = rng.range(3, 14) * unit * (rng.next() < 0.15 ? 1.6 : 1);
    const top = base - bh;
    out += `<rect x="${f(x)}" y="${f(top)}" width="${f(bw)}" height="${f(h - top)}" fill="${fill}"/>`;
    const cols = Math.max(1, Math.floor(bw / (unit * 0.9)));
    for (let c = 0; c < cols; c++) {
      for (let y = top + unit * 0.6; y < base - unit * 0.5; y += unit * 0.9) {
        if (rng.next() < 0.32) {
          out += `<rect x="${f(x + unit * 0.35 + c * unit * 0.9)}" y="${f(y)}" width="${f(unit * 0.38)}" height="${f(unit * 0.45)}" fill="${lit}" opacity="${f(rng.range(0.45, 0.95))}"/>`;
        }
      }
    }
    x += bw + rng.range(0, 0.6) * unit;
  }
  return out;
}

/** Conifers along a line: triangles of varied height. */
export function trees(rng: Rng, w: number, base: number, fill: string, size: number): string {
  let out = '';
  for (let x = -size; x < w + size; x += rng.range(0.35, 0.8) * size) {
    const th = size * rng.range(1.4, 2.6);
    const tw = th * rng.range(0.32, 0.42);
    const y = base + rng.range(-0.15, 0.25) * size;
    out += `<path d="M${f(x)},${f(y - th)} L${f(x + tw / 2)},${f(y)} L${f(x - tw / 2)},${f(y)} Z" fill="${fill}"/>`;
  }
  return out;
}

/** Sinuous wave lines across the water from `top` to the bottom edge. */
export function waves(rng: Rng, w: number, h: number, top: number, color: string): string {
  let out = '';
  for (let y = top + 6; y < h; y += ((y - top) / (h - top)) * 26 + 5) {
    const amp = 1 + ((y - top) / (h - top)) * 5;
    const len = rng.range(0.15, 0.5) * w;
    const x0 = rng.range(-0.1, 0.9) * w;
    let d = `M${f(x0)},${f(y)}`;
    for (let x = x0; x < x0 + len; x += 24)
      d += ` Q${f(x + 6)},${f(y - amp)} ${f(x + 12)},${f(y)} T${f(x + 24)},${f(y)}`;
    out += `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(1 + amp / 3)}" stroke-linecap="round" opacity="${f(rng.range(0.15, 0.45))}"/>`;
  }
  return out;
}

/** Petals drifting over the picture. */
export function petals(rng: Rng, w: number, h: number, count: number, colors: readonly string[]): string {
  let out = '';
  const s = Math.min(w, h) / 90;
  for (let i = 0; i < count; i++) {
    const x = rng.range(0, w);
    const y = rng.range(0, h);
    out += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(s * rng.range(0.8, 1.6))}" ry="${f(s * rng.range(0.4, 0.7))}" transform="rotate(${f(rng.range(0, 180))} ${f(x)} ${f(y)})" fill="${rng.pick(colors)}" opacity="${f(rng.range(0.5, 0.95))}"/>`;
  }
  return out;
}
