/**
 * A conversation's title from its first question: the first line, cut at a
 * phrase boundary (a punctuation mark) or else a word boundary (Intl.Segmenter,
 * which also splits Chinese into words), never mid-word; '…' says it was cut.
 */
export const TITLE_MAX = 30;

/** Marks that close a phrase, in Chinese and Latin text. */
const PHRASE_END = /[，。！？；：、,.!?;:）)】」』》]/u;

export function deriveTitle(text: string, max = TITLE_MAX): string {
  const line =
    text
      .trim()
      .split(/\r?\n/)
      .find((l) => l.trim()) ?? '';
  const flat = line.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  if (chars.length <= max) return flat;
  // The last phrase that fits, if it says enough (at least 40% of the room).
  for (let i = max - 1; i >= Math.ceil(max * 0.4); i--) {
    if (PHRASE_END.test(chars[i] ?? '')) return `${chars.slice(0, i).join('').trim()}…`;
  }
  let out = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'word' }).segment(flat)) {
    if ([...out].length + [...segment].length > max - 1) break;
    out += segment;
  }
  // A single word longer than the room: cut it (by characters) rather than show nothing.
  const cut = out.trim() || chars.slice(0, max - 1).join('');
  return `${cut.replace(/[\s\p{P}]+$/u, '')}…`;
}
