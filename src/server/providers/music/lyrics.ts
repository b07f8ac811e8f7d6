export type SectionKind = 'intro' | 'verse' | 'prechorus' | 'chorus' | 'bridge' | 'outro';

export interface LyricSection {
  kind: SectionKind;
  lines: string[];
}

const MARKERS: Array<[RegExp, SectionKind]> = [
  [/^(intro|前奏)/i, 'intro'],
  [/^(pre-?chorus|导歌|導歌|预副歌|預副歌)/i, 'prechorus'],
  [/^(chorus|hook|refrain|副歌)/i, 'chorus'],
  [/^(bridge|桥段|橋段|间奏|間奏)/i, 'bridge'],
  [/^(outro|ending|尾声|尾聲|结尾|結尾)/i, 'outro'],
  [/^(verse|主歌)/i, 'verse'],
];

/** A CJK ideograph or kana counts as one sung syllable. */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/g;
/** Longest line sung as one phrase: CJK characters, or Latin characters. */
const MAX_CJK = 16;
const MAX_LATIN = 48;

/** `[Chorus]`, `【副歌】`, `(Verse 2)`, `Chorus:` → its kind; any other line → null. */
export function sectionMarker(line: string): SectionKind | null {
  const m = /^\s*(?:[[【(（]\s*([^\]】)）]{1,24})\s*[\]】)）]|([A-Za-z\u4e00-\u9fff -]{2,16})[:：])\s*$/.exec(line);
  const label = (m?.[1] ?? m?.[2] ?? '').trim();
  if (!label) return null;
  for (const [re, kind] of MARKERS) if (re.test(label)) return kind;
  return null;
}

function isCjkHeavy(line: string): boolean {
  return (line.match(CJK)?.length ?? 0) * 2 >= line.replace(/\s/g, '').length;
}

/** Splits an over-long line at punctuation (then at spaces) so each phrase fits a melody line. */
export function splitLongLine(line: string): string[] {
  const cjk = isCjkHeavy(line);
  const max = cjk ? MAX_CJK : MAX_LATIN;
  const size = (s: string) => (cjk ? (s.match(CJK)?.length ?? 0) : s.length);
  if (size(line) <= max) return [line];
  const parts = line
    .split(/(?<=[，。！？；、,.!?;])\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (const part of parts.length > 1 ? parts : [line]) {
    if (size(part) <= max) {
      out.push(part);
      continue;
    }
    // No punctuation to break at: cut by words (Latin) or characters (CJK).
    const units = cjk ? Array.from(part) : part.split(/\s+/);
    let current: string[] = [];
    for (const unit of units) {
      current.push(unit);
      if (size(current.join(cjk ? '' : ' ')) >= max) {
        out.push(current.join(cjk ? '' : ' '));
        current = [];
      }
    }
    if (current.length) out.push(current.join(cjk ? '' : ' '));
  }
  return out;
}

/** Trailing punctuation is not sung. */
function clean(line: string): string {
  return line
    .replace(/\s+/g, ' ')
    .replace(/[，。！？；、,.!?;:：~～…\s]+$/u, '')
    .trim();
}

/**
 * Lyrics as sung: section markers start sections, long lines are split at
 * punctuation, blank lines and markers are not sung. Without markers, lines
 * alternate verse and chorus four at a time.
 */
export function splitLyrics(text: string): LyricSection[] {
  const sections: LyricSection[] = [];
  let current: LyricSection | null = null;
  let marked = false;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const kind = sectionMarker(raw);
    if (kind) {
      marked = true;
      current = { kind, lines: [] };
      sections.push(current);
      continue;
    }
    const lines = splitLongLine(raw.trim()).map(clean).filter(Boolean);
    if (lines.length === 0) continue;
    if (!current) {
      current = { kind: 'verse', lines: [] };
      sections.push(current);
    }
    current.lines.push(...lines);
  }
  const sung = sections.filter((s) => s.lines.length > 0);
  if (marked) return sung;
  const all = sung.flatMap((s) => s.lines);
  const grouped: LyricSection[] = [];
  for (let i = 0; i < all.length; i += 4) {
    grouped.push({ kind: grouped.length % 2 === 0 ? 'verse' : 'chorus', lines: all.slice(i, i + 4) });
  }
  return grouped;
}

/** Sung syllables of a line: one per CJK character, vowel groups for Latin words. */
export function syllables(line: string): number {
  const cjk = line.match(CJK)?.length ?? 0;
  const latin =
    line
      .replace(CJK, ' ')
      .toLowerCase()
      .match(/[a-z']+/g) ?? [];
  let n = cjk;
  for (const word of latin) {
    const groups = word.replace(/e$/, '').match(/[aeiouy]+/g)?.length ?? 0;
    n += Math.max(1, groups);
  }
  return n;
}
