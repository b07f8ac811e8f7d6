import { readFileSync, statSync } from 'node:fs';
import type { WordEdits } from '../../../shared/word-list';
import { compileWords, type Matcher, prepare, wordKey } from './matcher';
import type { ModerationProvider, Verdict } from './types';
import { ORDINARY_WORDS, SENSITIVE_PATTERNS, SENSITIVE_WORDS, VIOLATION_WORDS } from './words';

export interface WordLists {
  violation: string[];
  sensitive: string[];
}

/** Lower case, full-width folded (NFKC): how the lists keep their words. */
const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * Applies a words file: `12 word` adds a violating word, `14 word` a
 * sensitive one, `-word` removes a word from either list, `#` starts a comment.
 */
export function applyWordsFile(base: WordLists, text: string): WordLists {
  const violation = new Set(base.violation);
  const sensitive = new Set(base.sensitive);
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    if (line.startsWith('-')) {
      const key = wordKey(line.slice(1).trim());
      for (const list of [violation, sensitive]) for (const w of list) if (wordKey(w) === key) list.delete(w);
      continue;
    }
    const m = /^(12|14)\s+(.+)$/.exec(line);
    if (!m?.[2]) continue;
    (m[1] === '12' ? violation : sensitive).add(fold(m[2].trim()));
  }
  return { violation: [...violation], sensitive: [...sensitive] };
}

/** Each list object compiled once (matcher.ts): the provider keeps the same lists until they change. */
const compiled = new WeakMap<WordLists, { violation: Matcher; sensitive: Matcher }>();
const compile = (lists: WordLists) => {
  let known = compiled.get(lists);
  if (!known) {
    known = {
      violation: compileWords(lists.violation, ORDINARY_WORDS),
      sensitive: compileWords(lists.sensitive, ORDINARY_WORDS),
    };
    compiled.set(lists, known);
  }
  return known;
};

/** Judges texts with the lists: violating words (12) win over sensitive ones and personal data (14). */
export function judge(lists: WordLists, texts: string[]): Verdict {
  const matchers = compile(lists);
  const prepared = prepare(texts);
  const violating = matchers.violation.find(prepared);
  if (violating) return { verdict: 'violation', reason: violating };
  const sensitive = matchers.sensitive.find(prepared);
  if (sensitive) return { verdict: 'sensitive', reason: sensitive };
  const text = texts.join('\n');
  const pattern = SENSITIVE_PATTERNS.find((re) => re.test(text));
  if (pattern) return { verdict: 'sensitive', reason: 'personal data' };
  return { verdict: 'pass' };
}

/** Applies the console's edits over a base: its words added, its removals taken out of both lists. */
export function applyWordEdits(base: WordLists, edits: WordEdits): WordLists {
  // Any spelling of a word takes it out: "賭博" removes 赌博.
  const removed = new Set(edits.removed.map(wordKey));
  const keep = (words: string[], added: string[]) => [
    ...new Set([...words.filter((w) => !removed.has(wordKey(w))), ...added.map(fold)]),
  ];
  return { violation: keep(base.violation, edits.violation), sensitive: keep(base.sensitive, edits.sensitive) };
}

/** The console's current edits, or null when it has none; the provider asks it on every check. */
export type WordEditsSupplier = () => Promise<WordEdits | null>;

/**
 * The built-in list, edited by `file` when given, then by the console's list
 * (`extra`, asked on every check: its supplier caches and forgets on change,
 * so a save applies at once). The file is re-read when it changes (checked at
 * most every 5 s), so operators edit words without a restart.
 */
export function createWordListModeration(file?: string, extra?: WordEditsSupplier): ModerationProvider {
  const builtIn: WordLists = { violation: VIOLATION_WORDS.map(fold), sensitive: SENSITIVE_WORDS.map(fold) };
  let lists = builtIn;
  let mtime = -1;
  let checkedAt = 0;
  // The merged lists are kept while the file and the console's edits are the same objects.
  let merged = { base: lists, edits: null as WordEdits | null, lists };
  const refresh = () => {
    if (!file || Date.now() - checkedAt < 5000) return;
    checkedAt = Date.now();
    const info = statSync(file, { throwIfNoEntry: false });
    const now = info?.mtimeMs ?? 0;
    if (now === mtime) return;
    mtime = now;
    lists = info ? applyWordsFile(builtIn, readFileSync(file, 'utf8')) : builtIn;
  };
  const current = async (): Promise<WordLists> => {
    const edits = extra ? await extra() : null;
    if (!edits) return lists;
    if (merged.base !== lists || merged.edits !== edits)
      merged = { base: lists, edits, lists: applyWordEdits(lists, edits) };
    return merged.lists;
  };
  return {
    mode: 'wordlist',
    async check(texts) {
      refresh();
      return judge(await current(), texts);
    },
    async checkWords(texts) {
      refresh();
      return judge(await current(), texts);
    },
  };
}
