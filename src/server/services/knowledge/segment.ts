import { createRequire } from 'node:module';
import type { Jieba } from '@node-rs/jieba';

// Chinese has no spaces between words, and PostgreSQL's `simple` text search splits on them: the
// text is cut into words by jieba (search mode: long words and their parts) and stored joined by
// spaces, so the database's full-text index sees words. Questions are cut the same way.

const require = createRequire(import.meta.url);
let jieba: Jieba | null = null;

/** Loaded at first use (the dictionary takes ~100 ms and ~30 MB): a site without knowledge bases never pays. */
function cutter(): Jieba {
  if (!jieba) {
    const { Jieba: J } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    const { dict } = require('@node-rs/jieba/dict') as typeof import('@node-rs/jieba/dict');
    jieba = J.withDict(dict);
  }
  return jieba;
}

/** Words that say little about what a passage is about (function words, question words). */
const STOP = new Set(
  (
    '的 了 是 在 和 与 及 或 等 也 都 就 而 被 把 对 从 向 为 以 之 其 这 那 这个 那个 这些 那些 ' +
    '有 没有 吗 呢 吧 啊 呀 么 什么 怎么 怎样 如何 为什么 哪 哪些 哪个 哪里 多少 几 是否 能否 可以 ' +
    '请问 一下 一个 一种 我 你 他 她 它 我们 你们 他们 the a an of to in on and or is are was what how which'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]/u;

/** The words of `text` as the index keeps them: lowercased, no punctuation, no stop words. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const raw of cutter().cutForSearch(text, true)) {
    const w = raw.trim().toLowerCase();
    if (!w || !WORD.test(w) || STOP.has(w)) continue;
    // Only letters and digits reach the query: tsquery's operators never come from a person.
    const clean = w.replace(/[^\p{L}\p{N}]+/gu, '');
    if (clean) out.push(clean);
  }
  return out;
}

/** The stored form: words joined by spaces (what to_tsvector('simple', …) reads). */
export function segmented(text: string): string {
  return words(text).join(' ');
}

/** The question's distinct words as the index keeps them (at most 64). */
export function questionWords(question: string): string[] {
  return [...new Set(words(question))].slice(0, 64);
}

/** A tsquery text matching any of the question's words, or null when it has none. */
export function anyWordQuery(question: string): string | null {
  const unique = questionWords(question);
  return unique.length > 0 ? unique.join(' | ') : null;
}
