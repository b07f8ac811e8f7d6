import { blobs, orbs, petals, ridge, skyline, stars, trees, waves } from './scene-parts';
import { type Rng, rngFrom, type Theme, themeFor } from './scene-theme';

export interface Scene {
  theme: Theme;
  /** The layers in painting order; each is a piece of SVG. */
  layers: string[];
  width: number;
  height: number;
}

function defs(t: Theme, w: number, h: number, sun: { x: number; y: number; r: number }): string {
  const blur = Math.max(w, h) / 120;
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t.sky[0]}"/><stop offset="0.55" stop-color="${t.sky[1]}"/><stop offset="1" stop-color="${t.sky[2]}"/></linearGradient>
<radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${t.light}"/><stop offset="0.35" stop-color="${t.light}" stop-opacity="0.55"/><stop offset="1" stop-color="${t.light}" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>
<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t.land[1]}"/><stop offset="1" stop-color="${t.land[3]}"/></linearGradient>
<linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t.sky[2]}" stop-opacity="0"/><stop offset="1" stop-color="${t.sky[2]}" stop-opacity="0.55"/></linearGradient>
<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${(blur * 2.2).toFixed(1)}"/></filter>
<filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${(blur * 0.8).toFixed(1)}"/></filter>
</defs><!-- sun ${sun.x.toFixed(0)},${sun.y.toFixed(0)} -->`;
}

function lightSource(t: Theme, sun: { x: number; y: number; r: number }, night: boolean): string {
  const glow = `<circle cx="${sun.x}" cy="${sun.y}" r="${sun.r * 4}" fill="url(#sun)" opacity="${night ? 0.5 : 0.85}"/>`;
  return `${glow}<circle cx="${sun.x}" cy="${sun.y}" r="${sun.r}" fill="${t.light}" opacity="0.95"/>`;
}

function land(rng: Rng, t: Theme, w: number, h: number, horizon: number): string[] {
  const layers: string[] = [];
  const rough = [0.16, 0.12, 0.09, 0.06];
  for (let i = 0; i < 4; i++) {
    const base = horizon + ((h - horizon) * i) / 4.2 - h * 0.05;
    layers.push(ridge(rng, w, h, base, h * (rough[i] as number), t.land[i] as string));
    // Atmospheric perspective: far layers fade into the sky.
    if (i < 2) layers.push(`<rect width="${w}" height="${h}" fill="url(#haze)" opacity="0.5"/>`);
  }
  return layers;
}

/**
 * A deterministic landscape for a prompt: the prompt's words pick a motif and
 * palette, its hash (with the seed) places every element.
 */
export function composeScene(prompt: string, seed: number, width: number, height: number): Scene {
  const rng = rngFrom(`${prompt}\u0000${seed}`);
  const t = themeFor(prompt, rng);
  const w = width;
  const h = height;
  const horizon = h * rng.range(0.52, 0.64);
  const night = t.motif === 'night' || t.motif === 'city';
  const sun = {
    x: Math.round(w * rng.range(0.2, 0.8)),
    y: Math.round(night ? h * rng.range(0.12, 0.3) : horizon - h * rng.range(0.05, 0.22)),
    r: Math.round(Math.min(w, h) * rng.range(0.045, 0.08)),
  };
  const layers = [defs(t, w, h, sun), `<rect width="${w}" height="${h}" fill="url(#sky)"/>`];
  if (night) layers.push(stars(rng, w, horizon, Math.round((w * h) / 2600)));
  if (t.motif === 'dream') layers.push(orbs(rng, w, h, 9, [t.accent, t.light, t.land[0]]));
  layers.push(lightSource(t, sun, night));
  if (!night) layers.push(blobs(rng, w, h, 7, '#ffffff', 0.08, 0.42));

  switch (t.motif) {
    case 'sea': {
      layers.push(ridge(rng, w, h, horizon, h * 0.04, t.land[2], 0.8));
      layers.push(`<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#water)"/>`);
      layers.push(
        `<ellipse cx="${sun.x}" cy="${(horizon + h) / 2}" rx="${sun.r * 0.9}" ry="${(h - horizon) / 2}" fill="${t.light}" opacity="0.3" filter="url(#soft)"/>`,
      );
      layers.push(waves(rng, w, h, horizon, t.accent));
      break;
    }
    case 'city': {
      layers.push(skyline(rng, w, h, horizon + h * 0.08, t.land[1], t.accent, 0.8));
      layers.push(`<rect width="${w}" height="${h}" fill="url(#haze)" opacity="0.35"/>`);
      layers.push(skyline(rng, w, h, h * 0.97, t.land[3], t.light, 1.3));
      break;
    }
    default: {
      layers.push(...land(rng, t, w, h, horizon));
      if (t.motif === 'forest') {
        const size = Math.min(w, h) * 0.07;
        layers.push(trees(rng, w, h * 0.8, t.land[2], size * 0.7), trees(rng, w, h * 0.98, t.land[3], size * 1.3));
      }
      if (t.motif === 'bloom') layers.push(petals(rng, w, h, 70, ['#ffffff', '#ffd1dc', t.land[0]]));
      if (t.motif === 'snow') layers.push(stars(rng, w, h, Math.round((w * h) / 3500)));
    }
  }
  layers.push(`<rect width="${w}" height="${h}" fill="url(#vignette)"/>`);
  return { theme: t, layers, width: w, height: h };
}

/** The scene's first `count` layers as one SVG document (count = all by default). */
export function sceneSvg(scene: Scene, count = scene.layers.length): string {
  const body = scene.layers.slice(0, count).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${scene.width}" height="${scene.height}" viewBox="0 0 ${scene.width} ${scene.height}">${body}</svg>`;
}
