import { createHash } from 'node:crypto';
import { MOOD_WORDS, MOODS, type Mood, STYLE_WORDS, STYLES, type Style } from './words';

export { MOODS, type Mood, STYLES, type Style };
export type Mode = 'major' | 'minor';

export interface Key {
  /** Pitch class of the tonic, 0 = C. */
  root: number;
  mode: Mode;
}

export interface Plan {
  mood: Mood;
  style: Style;
  bpm: number;
  key: Key;
}

const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
export const MAJOR = [0, 2, 4, 5, 7, 9, 11];
export const MINOR = [0, 2, 3, 5, 7, 8, 10];

const BASE_BPM: Record<Mood, number> = { happy: 118, sad: 72, calm: 78, epic: 132, romantic: 90 };
const STYLE_BPM: Record<Style, number> = {
  pop: 0,
  rock: 12,
  lofi: -8,
  electronic: 10,
  folk: -4,
  jazz: 0,
  classical: -6,
  chinese: -6,
};

/** A 32-bit seed from the request text: the same text always gives the same song. */
export function seedOf(...parts: string[]): number {
  return createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0);
}

function countHits(text: string, words: string[]): number {
  let n = 0;
  for (const w of words) {
    // Latin words whole, CJK words anywhere.
    const re = /^[a-z-]+$/.test(w) ? new RegExp(`\\b${w}`, 'g') : new RegExp(w, 'g');
    n += text.match(re)?.length ?? 0;
  }
  return n;
}

function best<T extends string>(text: string, table: Record<T, string[]>, order: readonly T[]): T | null {
  let top: T | null = null;
  let topHits = 0;
  for (const k of order) {
    const hits = countHits(text, table[k]);
    if (hits > topHits) {
      top = k;
      topHits = hits;
    }
  }
  return top;
}

export function chooseMood(text: string, seed: number): Mood {
  return best(text.toLowerCase(), MOOD_WORDS, MOODS) ?? (MOODS[seed % MOODS.length] as Mood);
}

export function chooseStyle(text: string, mood: Mood): Style {
  const found = best(text.toLowerCase(), STYLE_WORDS, STYLES);
  if (found) return found;
  return mood === 'calm' ? 'lofi' : mood === 'epic' ? 'rock' : mood === 'sad' ? 'folk' : 'pop';
}

/** Beats per minute: an explicit "96 bpm" wins; otherwise mood, style, 快/慢 and a little of the seed. */
export function chooseTempo(text: string, mood: Mood, style: Style, seed: number): number {
  const lower = text.toLowerCase();
  const asked = /(\d{2,3})\s*bpm/.exec(lower);
  if (asked) return Math.min(180, Math.max(50, Number(asked[1])));
  let bpm = BASE_BPM[mood] + STYLE_BPM[style] + ((seed >>> 8) % 9) - 4;
  if (/\b(slow|ballad)\b|慢|舒缓|舒緩/.test(lower)) bpm -= 12;
  if (/\b(fast|upbeat|energetic)\b|快节奏|快節奏|动感|動感/.test(lower)) bpm += 12;
  return Math.min(170, Math.max(56, Math.round(bpm)));
}

const MINOR_MOODS: ReadonlySet<Mood> = new Set(['sad', 'epic']);

/** An explicit key ("A minor", "C大调", "F#m") wins; otherwise the mood picks the mode and the seed the tonic. */
export function chooseKey(text: string, mood: Mood, seed: number): Key {
  const long = /\b([a-g])\s*([#b♯♭]?)\s*(major|minor)\b/i.exec(text);
  // Short forms only as written by musicians (Am, F#m, Cmaj), so "I am" is no key.
  const short = /\b([A-G])([#b♯]?)(m|maj|min)\b/.exec(text);
  const chinese = /([a-gA-G])\s*([#b♯♭]?)\s*(大调|小调|大調|小調)/.exec(text);
  const m = long ?? chinese ?? short;
  if (m?.[1]) {
    const base = NOTE_NAMES.indexOf(m[1].toUpperCase());
    const shift = m[2] === '#' || m[2] === '♯' ? 1 : m[2] === 'b' || m[2] === '♭' ? -1 : 0;
    const word = (m[3] ?? '').toLowerCase();
    const minor = word === 'minor' || word === 'min' || word === 'm' || word.startsWith('小');
    return { root: (base + shift + 12) % 12, mode: minor ? 'minor' : 'major' };
  }
  let mode: Mode = MINOR_MOODS.has(mood) ? 'minor' : 'major';
  if (/小调|小調/.test(text)) mode = 'minor';
  if (/大调|大調/.test(text)) mode = 'major';
  return { root: (seed >>> 16) % 12, mode };
}

export function keyName(key: Key): string {
  return `${NOTE_NAMES[key.root]} ${key.mode}`;
}

/** Everything the arranger needs, from the words of the request. */
export function planFromText(text: string, seed: number): Plan {
  const mood = chooseMood(text, seed);
  const style = chooseStyle(text, mood);
  return { mood, style, bpm: chooseTempo(text, mood, style, seed), key: chooseKey(text, mood, seed) };
}
