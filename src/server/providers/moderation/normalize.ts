import * as OpenCC from 'opencc-js/t2cn';

/**
 * The one form the word list and every text are compared in, so the usual
 * disguises of a listed word fold back into it. Both sides go through the same
 * functions: a listed word matches whatever folds to the same letters.
 *
 * - compatibility forms folded (NFKC: full width, ligatures, circled letters), lower case;
 * - format characters dropped (category Cf: zero-width space and joiners, word
 *   joiner, soft hyphen, BOM, tags) and marks (Mn/Me: combining accents,
 *   variation selectors such as U+FE0F);
 * - Cyrillic and Greek letters that look Latin written as the Latin letter;
 * - traditional Chinese written simplified (OpenCC's t2cn), so either form matches;
 * - in a run of Latin letters and digits holding a letter, leet digits read as
 *   letters (p0rn → porn), and l read as i, since 1 stands for either.
 */

/** Cyrillic and Greek letters that look like a Latin one (lower case: the text is lowered first). */
const HOMOGLYPHS: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  ԁ: 'd',
  һ: 'h',
  ӏ: 'l',
  ү: 'y',
  ԛ: 'q',
  ԝ: 'w',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ı: 'i',
  ɑ: 'a',
  ɡ: 'g',
  '@': 'a',
  $: 's',
};
const HOMOGLYPH_RE = new RegExp(`[${Object.keys(HOMOGLYPHS).join('').replace('$', '\\$')}]`, 'gu');

/** Digits that stand for letters inside a word, and l, which 1 stands for as well as i. */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', l: 'i' };

/** Invisible characters and marks: nothing a reader sees between two letters. */
const INVISIBLE = /[\p{Cf}\p{Mn}\p{Me}]/gu;
/** What separates words: spaces, punctuation and symbols (emoji included). */
export const SEPARATOR = /[\s\p{P}\p{S}]/u;
const SEPARATORS = /[\s\p{P}\p{S}]+/gu;

let toSimplified: ((text: string) => string) | undefined;
/** Built at first use (about 20 ms): the dictionary is not needed until a text is judged. */
const simplified = (text: string) => {
  toSimplified ??= OpenCC.Converter({ from: 't', to: 'cn' });
  return toSimplified(text);
};

/**
 * The text without disguise but still with its separators: compatibility forms,
 * case, invisible characters, marks, look-alike letters and traditional forms folded.
 */
export function unmask(text: string): string {
  const bare = text.normalize('NFKD').replace(INVISIBLE, '').normalize('NFKC').toLowerCase();
  return simplified(bare.replace(HOMOGLYPH_RE, (c) => HOMOGLYPHS[c] ?? c));
}

/** Leet digits and l as letters in each run of Latin letters and digits that holds a letter. */
export function readLeet(text: string): string {
  return text.replace(/[a-z0-9]+/g, (run) =>
    /[a-z]/.test(run) ? run.replace(/[013457l]/g, (c) => LEET[c] ?? c) : run,
  );
}

/** Without separators, for words matched across them (Chinese: "赌 博", "赌-博"). */
export function compactForm(unmasked: string): string {
  return readLeet(unmasked.replace(SEPARATORS, ''));
}

/**
 * Latin words one space apart, any other script a line break (a hard edge).
 * Letters spelled out one by one with separators between them ("p o r n",
 * "p.o.r.n", "p-o-r-n", "p*o*r*n") are joined into one word first.
 */
export function latinForm(unmasked: string): string {
  const spaced = unmasked.replace(/[^a-z0-9]+/g, (gap) => (gap.replace(SEPARATORS, '') ? '\n' : ' '));
  const joined = spaced.replace(/(?<![a-z0-9])[a-z0-9](?: [a-z0-9](?![a-z0-9]))+/g, (run) => run.replaceAll(' ', ''));
  return readLeet(joined);
}
