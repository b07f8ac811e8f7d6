import { seededRandom } from '../../../shared/seeded-random';
import type { LyricSection, SectionKind } from './lyrics';
import { syllables } from './lyrics';
import { degreeMidi, melodyLine, melodyScale, type NoteEvent, PROGRESSIONS, triad } from './melody';
import { keyName, type Plan, type Style } from './theory';

export interface Score {
  bpm: number;
  /** Length in beats, without the reverb tail. */
  beats: number;
  events: NoteEvent[];
  sections: Array<{ kind: SectionKind; bars: number }>;
  key: string;
}

/** The longest piece the offline composer writes, in seconds: small files, quick renders. */
export const MAX_SECONDS = 75;

interface Part {
  kind: SectionKind;
  bars: number;
  lines: string[];
}

/** Intro, the sung sections (two bars a line, at most eight bars each) as far as time allows, outro. */
export function structure(sections: LyricSection[], bpm: number, random: () => number): Part[] {
  const secPerBar = 240 / bpm;
  const budget = Math.floor(MAX_SECONDS / secPerBar) - 4;
  const sung: Part[] = sections.length
    ? sections.map((s) => ({ kind: s.kind, bars: Math.min(8, s.lines.length * 2), lines: s.lines.slice(0, 4) }))
    : [
        { kind: 'verse', bars: 8, lines: [] },
        { kind: 'chorus', bars: 8, lines: [] },
        ...(random() < 0.5 ? [{ kind: 'verse' as const, bars: 8, lines: [] }] : []),
        { kind: 'chorus', bars: 8, lines: [] },
      ];
  const body: Part[] = [];
  let used = 0;
  for (const part of sung) {
    if (part.bars === 0) continue;
    if (used + part.bars > budget && body.length > 0) break;
    body.push(part);
    used += part.bars;
  }
  return [{ kind: 'intro', bars: 2, lines: [] }, ...body, { kind: 'outro', bars: 2, lines: [] }];
}

function bassBar(style: Style, root: number, fifth: number, third: number, next: number, at: number): NoteEvent[] {
  const n = (start: number, dur: number, midi: number, vel = 0.85): NoteEvent => ({
    voice: 'bass',
    start: at + start,
    dur,
    midi,
    vel,
  });
  switch (style) {
    case 'rock':
      return [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5].map((b) => n(b, 0.45, root, b % 1 === 0 ? 0.9 : 0.7));
    case 'electronic':
      return [0.5, 1.5, 2.5, 3.5].map((b) => n(b, 0.4, root));
    case 'lofi':
    case 'jazz':
      return [n(0, 0.9, root), n(1, 0.9, third, 0.7), n(2, 0.9, fifth, 0.75), n(3, 0.9, next - 1, 0.65)];
    case 'folk':
      return [n(0, 1.9, root), n(2, 1.9, fifth, 0.75)];
    case 'classical':
    case 'chinese':
      return [n(0, 3.9, root, 0.7)];
    default:
      return [n(0, 1.4, root), n(1.5, 0.45, root, 0.7), n(2, 0.9, fifth, 0.75), n(3, 0.9, root, 0.7)];
  }
}

function drumBar(style: Style, at: number, soft: boolean): NoteEvent[] {
  const out: NoteEvent[] = [];
  const hit = (voice: NoteEvent['voice'], beats: number[], vel: number) => {
    for (const b of beats) out.push({ voice, start: at + b, dur: 0.25, midi: 0, vel: soft ? vel * 0.6 : vel });
  };
  const eighths = [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5];
  switch (style) {
    case 'classical':
    case 'chinese':
      return out;
    case 'electronic':
      hit('kick', [0, 1, 2, 3], 1);
      hit('snare', [1, 3], 0.7);
      hit('hat', [0.5, 1.5, 2.5, 3.5], 0.6);
      return out;
    case 'rock':
      hit('kick', [0, 1.5, 2], 1);
      hit('snare', [1, 3], 0.95);
      hit('hat', eighths, 0.55);
      return out;
    case 'lofi':
      hit('kick', [0, 2.5], 0.8);
      hit('snare', [1, 3], 0.5);
      hit('hat', [0, 0.66, 1, 1.66, 2, 2.66, 3, 3.66], 0.35);
      return out;
    case 'jazz':
      hit('kick', [0, 2], 0.45);
      hit('hat', [0, 1, 1.66, 2, 3, 3.66], 0.4);
      hit('snare', [3.66], 0.3);
      return out;
    case 'folk':
      hit('kick', [0, 2], 0.7);
      hit('snare', [1, 3], 0.45);
      hit('hat', [0, 1, 2, 3], 0.35);
      return out;
    default:
      hit('kick', [0, 2, 2.5], 0.9);
      hit('snare', [1, 3], 0.8);
      hit('hat', eighths, 0.45);
      return out;
  }
}

/** The whole piece as note events: chords, melody (sung lines or a wordless tune), bass and drums. */
export function arrange(plan: Plan, sections: LyricSection[], seed: number): Score {
  const random = seededRandom(seed);
  const { key, style } = plan;
  const prog = PROGRESSIONS[key.mode];
  const verse = prog.verse[Math.floor(random() * prog.verse.length)] ?? prog.verse[0];
  const chorus = prog.chorus[Math.floor(random() * prog.chorus.length)] ?? prog.chorus[0];
  const scale = melodyScale(key, style === 'chinese');
  const parts = structure(sections, plan.bpm, random);
  const soft = plan.mood === 'calm' || plan.mood === 'sad';
  const events: NoteEvent[] = [];
  let bar = 0;
  let from = scale.length;
  for (const part of parts) {
    const chords = part.kind === 'chorus' || part.kind === 'outro' ? chorus : verse;
    const lift = part.kind === 'chorus' ? 2 : 0;
    let rhythm: number[] | undefined;
    for (let b = 0; b < part.bars; b++) {
      const at = (bar + b) * 4;
      const deg = chords[b % 4] ?? 0;
      const nextDeg = chords[(b + 1) % 4] ?? 0;
      const last = part.kind === 'outro' && b === part.bars - 1;
      const chordDeg = last ? 0 : deg;
      const [r, third, fifth] = triad(key, chordDeg, 36);
      const root = r ?? 36;
      if (style === 'classical' || style === 'folk' || style === 'chinese') {
        const tones = triad(key, chordDeg, 48);
        const arp = [0, 1, 2, 1, 2, 1, 0, 1].map((i) => tones[i] ?? root + 12);
        arp.forEach((midi, i) => {
          events.push({ voice: 'pluck', start: at + i * 0.5, dur: 1.2, midi: i === 4 ? midi + 12 : midi, vel: 0.5 });
        });
      } else {
        for (const midi of triad(key, chordDeg, 60 - 12))
          events.push({ voice: 'pad', start: at, dur: 4, midi, vel: 0.4 });
      }
      events.push(...bassBar(style, root, fifth ?? root + 7, third ?? root + 4, degreeMidi(key, nextDeg, 36), at));
      if (last) events.push({ voice: 'kick', start: at, dur: 0.25, midi: 0, vel: 0.8 });
      else if (part.kind !== 'outro') events.push(...drumBar(style, at, soft || part.kind === 'intro'));
      if (part.kind === 'intro' || part.kind === 'outro' || b % 2 === 1) continue;
      const line = part.lines[b / 2];
      const count = line !== undefined ? syllables(line) : 5 + Math.floor(random() * 6);
      const made = melodyLine({
        key,
        scale,
        chords: [deg, nextDeg],
        syllables: count,
        startBeat: at,
        from,
        lift: lift + scale.length - 2,
        random,
        rhythm: part.kind === 'chorus' ? rhythm : undefined,
      });
      rhythm ??= made.rhythm;
      from = made.end;
      events.push(...made.notes);
    }
    bar += part.bars;
  }
  return {
    bpm: plan.bpm,
    beats: bar * 4,
    events,
    sections: parts.map((p) => ({ kind: p.kind, bars: p.bars })),
    key: keyName(key),
  };
}
