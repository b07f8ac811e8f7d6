import { type Key, MAJOR, MINOR } from './theory';

/** A note in beats (start, dur) and MIDI pitch; velocity 0–1. */
export interface NoteEvent {
  voice: 'lead' | 'pad' | 'pluck' | 'bass' | 'kick' | 'snare' | 'hat';
  start: number;
  dur: number;
  midi: number;
  vel: number;
}

export const PROGRESSIONS = {
  major: {
    verse: [
      [0, 4, 5, 3],
      [0, 5, 3, 4],
      [3, 4, 2, 5],
      [0, 3, 4, 3],
    ],
    chorus: [
      [3, 4, 2, 5],
      [0, 4, 5, 3],
      [5, 3, 0, 4],
    ],
  },
  minor: {
    verse: [
      [0, 5, 2, 6],
      [0, 3, 6, 2],
      [0, 6, 5, 6],
    ],
    chorus: [
      [5, 6, 0, 0],
      [5, 2, 6, 0],
      [0, 5, 2, 6],
    ],
  },
} as const;

export function scaleOf(key: Key): readonly number[] {
  return key.mode === 'major' ? MAJOR : MINOR;
}

/** MIDI pitch of scale degree `deg` (0 = tonic, may be negative or above 6) with tonic at `base` + root. */
export function degreeMidi(key: Key, deg: number, base: number): number {
  const scale = scaleOf(key);
  const octave = Math.floor(deg / 7);
  const idx = ((deg % 7) + 7) % 7;
  return base + key.root + (scale[idx] ?? 0) + 12 * octave;
}

/** The triad on scale degree `deg`: three MIDI pitches from `base`. */
export function triad(key: Key, deg: number, base: number): number[] {
  return [deg, deg + 2, deg + 4].map((d) => degreeMidi(key, d, base));
}

/** Pentatonic for the Chinese style, the full scale otherwise; semitones from the tonic. */
export function melodyScale(key: Key, pentatonic: boolean): number[] {
  if (!pentatonic) return [...scaleOf(key)];
  return key.mode === 'major' ? [0, 2, 4, 7, 9] : [0, 3, 5, 7, 10];
}

interface LineOptions {
  key: Key;
  scale: number[];
  /** Chord degree for each of the line's two bars. */
  chords: [number, number];
  syllables: number;
  startBeat: number;
  /** Scale index the melody starts near; returns the index it ended on. */
  from: number;
  lift: number;
  random: () => number;
  /** Reuse a rhythm (chorus lines repeat the first line's), as eighth-note slots. */
  rhythm?: number[];
}

/** Eighth-note slots (0–15 over two bars) for n syllables, leaving a breath at the end. */
export function rhythmFor(n: number, random: () => number): number[] {
  const count = Math.max(2, Math.min(14, n));
  const slots: number[] = [];
  for (let i = 0; i < count; i++) {
    let slot = Math.round((i * 14) / count);
    if (i > 0 && random() < 0.25 && slot + 1 < 15) slot += 1;
    if (slots.length === 0 || slot > (slots[slots.length - 1] ?? -1)) slots.push(slot);
  }
  return slots;
}

const STEPS = [-2, -1, -1, 0, 1, 1, 2];

/** One sung line over two bars: a stepwise walk that lands on chord tones on strong beats. */
export function melodyLine(o: LineOptions): { notes: NoteEvent[]; end: number; rhythm: number[] } {
  const rhythm = o.rhythm ?? rhythmFor(o.syllables, o.random);
  const size = o.scale.length;
  const pitchOf = (i: number) =>
    60 + o.key.root + (o.scale[((i % size) + size) % size] ?? 0) + 12 * Math.floor(i / size);
  const chordPcs = (bar: number) =>
    new Set(triad(o.key, o.chords[bar] ?? 0, 0).map((m) => (((m - o.key.root) % 12) + 12) % 12));
  let index = o.from;
  const notes: NoteEvent[] = [];
  rhythm.forEach((slot, n) => {
    index += STEPS[Math.floor(o.random() * STEPS.length)] ?? 0;
    const bar = slot < 8 ? 0 : 1;
    const last = n === rhythm.length - 1;
    if (slot % 4 === 0 || last) {
      // Strong beat or cadence: move to the nearest chord tone.
      const pcs = chordPcs(bar);
      for (const d of [0, -1, 1, -2, 2]) {
        const pc = (((pitchOf(index + d) - 60 - o.key.root) % 12) + 12) % 12;
        if (pcs.has(pc)) {
          index += d;
          break;
        }
      }
    }
    // Keep the voice in a singable range: about an octave and a half.
    const low = o.lift;
    const high = o.lift + size + 3;
    if (index < low) index += 2;
    if (index > high) index -= 2;
    const next = rhythm[n + 1] ?? 16;
    const dur = (last ? Math.max(2, 15 - slot) : next - slot) * 0.5;
    notes.push({ voice: 'lead', start: o.startBeat + slot * 0.5, dur: dur * 0.92, midi: pitchOf(index), vel: 0.8 });
  });
  return { notes, end: index, rhythm };
}
