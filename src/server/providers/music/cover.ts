import { seededRandom } from '../../../shared/seeded-random';
import { loadSharp } from '../sharp';
import type { Score } from './arrange';
import type { Mood } from './theory';

/** Base hue of each mood: warm for happy, blue for sad, teal for calm, red for epic, pink for romantic. */
const HUE: Record<Mood, number> = { happy: 38, sad: 215, calm: 175, epic: 355, romantic: 330 };
export const COVER_SIZE = 512;

/**
 * An abstract square cover, drawn from the song itself: colours from the mood,
 * rings from the melody's pitches, bars from its rhythm. No text (fonts vary by
 * machine); the 'AI生成' label is shown by the page and stored in the audio file.
 */
export function coverSvg(score: Score, mood: Mood, seed: number): string {
  const random = seededRandom(seed ^ 0x2545f491);
  const hue = (HUE[mood] + Math.floor(random() * 40) - 20 + 360) % 360;
  const s = COVER_SIZE;
  const lead = score.events.filter((e) => e.voice === 'lead');
  const rings = lead.slice(0, 48).map((e, i) => {
    const r = 40 + ((e.midi % 24) / 24) * 170 + (i % 3) * 6;
    const a = (i / 48) * Math.PI * 2;
    const cx = s / 2 + Math.cos(a) * 30;
    const cy = s / 2 + Math.sin(a) * 30;
    const h = (hue + (e.midi % 12) * 9) % 360;
    return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="none" stroke="hsl(${h},80%,70%)" stroke-opacity="0.22" stroke-width="${(1 + e.dur * 2).toFixed(1)}"/>`;
  });
  const bars = Array.from({ length: 32 }, (_, i) => {
    const e = lead[i * 3];
    const height = 16 + (e ? (e.midi % 12) * 9 : random() * 60);
    return `<rect x="${16 + i * 15}" y="${(s - 24 - height).toFixed(1)}" width="9" height="${height.toFixed(1)}" rx="4" fill="white" fill-opacity="0.55"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
<defs>
<linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue},70%,45%)"/>
<stop offset="1" stop-color="hsl(${(hue + 60) % 360},65%,22%)"/>
</linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.45" r="0.5">
<stop offset="0" stop-color="white" stop-opacity="0.35"/>
<stop offset="1" stop-color="white" stop-opacity="0"/>
</radialGradient>
</defs>
<rect width="${s}" height="${s}" fill="url(#g)"/>
<rect width="${s}" height="${s}" fill="url(#glow)"/>
${rings.join('\n')}
<circle cx="${s / 2}" cy="${s / 2}" r="34" fill="white" fill-opacity="0.85"/>
<circle cx="${s / 2}" cy="${s / 2}" r="7" fill="hsl(${hue},60%,30%)"/>
${bars.join('\n')}
</svg>`;
}

/** The cover as WebP (about 20–40 KB). */
export async function renderCover(score: Score, mood: Mood, seed: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(coverSvg(score, mood, seed)))
    .webp({ quality: 80 })
    .toBuffer();
}
