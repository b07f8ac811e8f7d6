import { compactForm, latinForm, unmask } from './normalize';

/**
 * A list of words compiled once into three regular expressions, so a text is
 * read in one pass whatever the list's length (normalize.ts says how texts
 * and words are folded first).
 *
 * Latin words (letters, digits, spaces, hyphens) are matched on the text's
 * Latin words, with this rule against false positives:
 * - anywhere inside a longer word when the listed word has 4 letters or more
 *   ("xxpornxx"), unless that longer word is an ordinary one that happens to
 *   hold it (`ORDINARY_WORDS`: "method", "grape", "heroine");
 * - as a whole word (a plural s allowed) when it is shorter, or several words
 *   long: "sex" is not found in "Essex", nor "ass" in "class".
 * Spaces and hyphens of a listed phrase may be there or not ("self harm", "selfharm").
 *
 * Other words (Chinese…) are matched anywhere in the text with its spaces,
 * punctuation and symbols taken out ("赌 博", "赌-博", "賭博").
 */
export interface Matcher {
  /** The first listed word the text holds, as the list writes it, or null. */
  find(text: PreparedText): string | null;
}

/** A text folded once for every list it is matched against. */
export interface PreparedText {
  unmasked: string;
  latin: string;
  compact: string;
}

/** Texts of one request are kept apart: a word split across two of them is not a word. */
const BETWEEN_TEXTS = '\u0000';

export function prepare(texts: string[]): PreparedText {
  const unmasked = unmask(texts.join(BETWEEN_TEXTS));
  return { unmasked, latin: latinForm(unmasked), compact: compactForm(unmasked) };
}

/** Shortest Latin word matched inside longer words. */
export const INNER_MIN = 4;
const LATIN_WORD = /^[a-z0-9]+(?: [a-z0-9]+)*$/;
const ALNUM = /[a-z0-9]/;

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const longestFirst = (a: string, b: string) => b.length - a.length;
const alternation = (patterns: string[]) => [...new Set(patterns)].sort(longestFirst).join('|');

/** The listed word's folded Latin form ("self-harm" → "seif harm"), or null for other scripts. */
export function latinKey(word: string): string | null {
  const form = latinForm(unmask(word)).trim();
  return LATIN_WORD.test(form) ? form : null;
}

/** What two spellings of one word share ("賭博" and "赌博", "P0RN" and "porn"): for taking words out. */
export function wordKey(word: string): string {
  const latin = latinKey(word);
  return latin ? latin.replaceAll(' ', '') : compactForm(unmask(word)) || word;
}

export function compileWords(words: readonly string[], ordinary: readonly string[]): Matcher {
  const byLetters = new Map<string, string>();
  const whole: string[] = [];
  const inner: string[] = [];
  const byCompact = new Map<string, string>();
  const bare: { key: string; word: string }[] = [];
  for (const word of words) {
    const latin = latinKey(word);
    if (latin) {
      const letters = latin.replaceAll(' ', '');
      if (!byLetters.has(letters)) byLetters.set(letters, word);
      whole.push(latin.replaceAll(' ', ' ?'));
      if (!latin.includes(' ') && letters.length >= INNER_MIN) inner.push(letters);
      continue;
    }
    const unmasked = unmask(word);
    const key = compactForm(unmasked);
    if (key) {
      if (!byCompact.has(key)) byCompact.set(key, word);
    } else if (unmasked.trim()) bare.push({ key: unmasked.trim(), word });
  }
  const wholeRe = whole.length ? new RegExp(`(?<![a-z0-9])(?:${alternation(whole)})s?(?![a-z0-9])`, 'g') : null;
  const innerRe = inner.length ? new RegExp(alternation(inner), 'g') : null;
  const compactRe = byCompact.size ? new RegExp(alternation([...byCompact.keys()].map(literal)), 'u') : null;
  const exceptions = [...new Set(ordinary.map((w) => latinKey(w)).filter((w): w is string => !!w))];

  const listed = (found: string) => {
    const letters = found.replaceAll(' ', '');
    return byLetters.get(letters) ?? byLetters.get(letters.slice(0, -1)) ?? found;
  };
  /** Whether the match at [start, end) lies inside an ordinary word of the text. */
  const ordinaryAt = (latin: string, start: number, end: number) => {
    let from = start;
    while (from > 0 && ALNUM.test(latin[from - 1] ?? '')) from--;
    let to = end;
    while (to < latin.length && ALNUM.test(latin[to] ?? '')) to++;
    const token = latin.slice(from, to);
    return exceptions.some((e) => {
      for (let at = token.indexOf(e); at >= 0; at = token.indexOf(e, at + 1)) {
        if (from + at <= start && from + at + e.length >= end) return true;
      }
      return false;
    });
  };

  return {
    find({ unmasked, latin, compact }) {
      if (wholeRe) {
        wholeRe.lastIndex = 0;
        const m = wholeRe.exec(latin);
        if (m) return listed(m[0]);
      }
      if (innerRe) {
        innerRe.lastIndex = 0;
        for (let m = innerRe.exec(latin); m; m = innerRe.exec(latin)) {
          if (!ordinaryAt(latin, m.index, m.index + m[0].length)) return listed(m[0]);
          innerRe.lastIndex = m.index + 1;
        }
      }
      const hit = compactRe?.exec(compact);
      if (hit) return byCompact.get(hit[0]) ?? null;
      return bare.find((b) => unmasked.includes(b.key))?.word ?? null;
    },
  };
}
