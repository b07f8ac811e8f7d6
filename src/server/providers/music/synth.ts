import { seededRandom } from '../../../shared/seeded-random';
import type { Score } from './arrange';
import type { NoteEvent } from './melody';

export const SAMPLE_RATE = 22_050;
const TABLE = 2048;
const TAIL_SECONDS = 2;

type Tone = 'lead' | 'pad' | 'pluck' | 'bass';
const HARMONICS: Record<Tone, number[]> = {
  lead: [1, 0.5, 0.35, 0.25, 0.2, 0.12, 0.08, 0.05],
  pad: [1, 0.3, 0.2, 0.1, 0.06, 0.04],
  pluck: [1, 0.55, 0.3, 0.2, 0.15, 0.1],
  bass: [1, 0.6, 0.3, 0.2, 0.1],
};
const GAIN: Record<NoteEvent['voice'], number> = {
  lead: 0.3,
  pad: 0.09,
  pluck: 0.13,
  bass: 0.3,
  kick: 0.55,
  snare: 0.28,
  hat: 0.1,
};
/** Attack, decay, sustain level, release (seconds). */
const ENVELOPE: Record<Tone, [number, number, number, number]> = {
  lead: [0.02, 0.15, 0.7, 0.12],
  pad: [0.3, 0.5, 0.7, 0.6],
  pluck: [0.004, 0.4, 0.0, 0.3],
  bass: [0.01, 0.2, 0.6, 0.08],
};

/** One cycle of each timbre, band-limited by construction (a few harmonics). */
function wavetable(harmonics: number[]): Float32Array {
  const t = new Float32Array(TABLE);
  let peak = 0;
  for (let i = 0; i < TABLE; i++) {
    let v = 0;
    harmonics.forEach((a, h) => {
      v += a * Math.sin((2 * Math.PI * (h + 1) * i) / TABLE);
    });
    t[i] = v;
    peak = Math.max(peak, Math.abs(v));
  }
  for (let i = 0; i < TABLE; i++) t[i] = (t[i] ?? 0) / peak;
  return t;
}
const TABLES = Object.fromEntries(Object.entries(HARMONICS).map(([k, h]) => [k, wavetable(h)])) as Record<
  Tone,
  Float32Array
>;

const freq = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

function envelopeAt(tone: Tone, t: number, held: number): number {
  const [a, d, s, r] = ENVELOPE[tone];
  if (tone === 'pluck') return Math.exp(-t / 0.45) * Math.min(1, t / a);
  const x = t < held ? t : held;
  const level = x < a ? x / a : x < a + d ? 1 - ((1 - s) * (x - a)) / d : s;
  return t < held ? level : level * Math.max(0, 1 - (t - held) / r);
}

function tone(out: Float32Array, e: NoteEvent, spb: number) {
  const voice = e.voice as Tone;
  const table = TABLES[voice];
  const held = e.dur * spb;
  const length = Math.floor((held + ENVELOPE[voice][3] + (voice === 'pluck' ? 0.5 : 0)) * SAMPLE_RATE);
  const start = Math.floor(e.start * spb * SAMPLE_RATE);
  const f = freq(e.midi);
  const gain = GAIN[e.voice] * e.vel;
  let phase = 0;
  for (let i = 0; i < length && start + i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    // A gentle vibrato on held lead notes, as a singer would.
    const vib = voice === 'lead' && t > 0.18 ? 1 + 0.004 * Math.sin(2 * Math.PI * 5.2 * t) : 1;
    phase = (phase + (f * vib * TABLE) / SAMPLE_RATE) % TABLE;
    const v = table[Math.floor(phase)] ?? 0;
    out[start + i] = (out[start + i] ?? 0) + v * envelopeAt(voice, t, held) * gain;
  }
}

function drum(out: Float32Array, e: NoteEvent, spb: number, noise: () => number) {
  const start = Math.floor(e.start * spb * SAMPLE_RATE);
  const gain = GAIN[e.voice] * e.vel;
  const seconds = e.voice === 'kick' ? 0.4 : e.voice === 'snare' ? 0.25 : 0.06;
  let phase = 0;
  let prev = 0;
  for (let i = 0; i < seconds * SAMPLE_RATE && start + i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    let v: number;
    if (e.voice === 'kick') {
      phase += (2 * Math.PI * (45 + 80 * Math.exp(-t * 28))) / SAMPLE_RATE;
      v = Math.sin(phase) * Math.exp(-t * 8);
    } else {
      const n = noise() * 2 - 1;
      if (e.voice === 'snare') {
        v = n * Math.exp(-t * 20) * 0.7 + Math.sin(2 * Math.PI * 185 * t) * Math.exp(-t * 30) * 0.4;
      } else {
        // A first difference keeps only the hiss of the noise: a hi-hat.
        v = (n - prev) * 0.5 * Math.exp(-t * 55);
        prev = n;
      }
    }
    out[start + i] = (out[start + i] ?? 0) + v * gain;
  }
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Schroeder-style room: four combs in parallel, two all-passes in series; returns the wet signal. */
async function reverb(dry: Float32Array): Promise<Float32Array> {
  const wet = new Float32Array(dry.length);
  for (const [delay, fb] of [
    [558, 0.77],
    [594, 0.76],
    [638, 0.75],
    [678, 0.74],
  ] as const) {
    const buf = new Float32Array(delay);
    for (let i = 0; i < dry.length; i++) {
      const j = i % delay;
      const y = buf[j] ?? 0;
      buf[j] = (dry[i] ?? 0) + y * fb;
      wet[i] = (wet[i] ?? 0) + y * 0.25;
    }
    await pause();
  }
  for (const delay of [225, 172]) {
    const buf = new Float32Array(delay);
    for (let i = 0; i < wet.length; i++) {
      const j = i % delay;
      const b = buf[j] ?? 0;
      const x = wet[i] ?? 0;
      buf[j] = x + b * 0.5;
      wet[i] = b - x * 0.5;
    }
    await pause();
  }
  return wet;
}

/** Renders the score to 16-bit mono PCM, yielding to the event loop between slices. */
export async function render(
  score: Score,
  seed: number,
  opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void | Promise<void> } = {},
): Promise<Int16Array> {
  const spb = 60 / score.bpm;
  const length = Math.ceil((score.beats * spb + TAIL_SECONDS) * SAMPLE_RATE);
  const lead = new Float32Array(length);
  const mix = new Float32Array(length);
  const noise = seededRandom(seed ^ 0x9e3779b9);
  const events = score.events;
  let slice = performance.now();
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (!e) continue;
    if (e.voice === 'kick' || e.voice === 'snare' || e.voice === 'hat') drum(mix, e, spb, noise);
    else tone(e.voice === 'lead' ? lead : mix, e, spb);
    // Slices of ~10 ms keep other requests flowing while a song renders.
    if (performance.now() - slice > 10) {
      opts.signal?.throwIfAborted();
      await opts.onProgress?.(i / events.length);
      await pause();
      slice = performance.now();
    }
  }
  // The lead gets a short echo three eighths later; everything shares one room.
  const echo = Math.floor(1.5 * spb * SAMPLE_RATE);
  for (let i = 0; i < length; i++) {
    const v = (lead[i] ?? 0) + 0.28 * (lead[i - echo] ?? 0) + 0.1 * (lead[i - 2 * echo] ?? 0);
    mix[i] = (mix[i] ?? 0) + v;
  }
  await pause();
  const room = await reverb(mix);
  await pause();
  let peak = 0;
  for (let i = 0; i < length; i++) {
    const v = (mix[i] ?? 0) + 0.22 * (room[i] ?? 0);
    mix[i] = v;
    peak = Math.max(peak, Math.abs(v));
  }
  const scale = peak > 0 ? 0.95 / peak : 1;
  const pcm = new Int16Array(length);
  const fade = Math.floor(0.01 * SAMPLE_RATE);
  for (let i = 0; i < length; i++) {
    const edge = Math.min(1, i / fade, (length - 1 - i) / fade);
    pcm[i] = Math.round(Math.tanh((mix[i] ?? 0) * scale * 1.1) * 30_000 * edge);
  }
  await opts.onProgress?.(1);
  return pcm;
}
