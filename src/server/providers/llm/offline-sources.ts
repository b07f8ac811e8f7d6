import type { TFunction } from 'i18next';
import { firstSentence } from './offline-attachments';
import { readSourceBlocks, type SourceBlock } from './source-blocks';
import { type LlmMessage, messageText } from './types';

/** Passages the demo answer quotes at most. */
const QUOTED = 3;

/** Words of a text as a match counts them: Latin words, and CJK characters in pairs (there are no spaces). */
function terms(text: string): Set<string> {
  const out = new Set<string>();
  const lower = text.toLowerCase();
  for (const w of lower.match(/[a-z0-9]{2,}/g) ?? []) out.add(w);
  for (const run of lower.match(/[\u3400-\u9fff]+/gu) ?? []) {
    if (run.length === 1) out.add(run);
    for (let i = 0; i + 1 < run.length; i++) out.add(run.slice(i, i + 2));
  }
  return out;
}

/** The passages that share most words with the question, best first; ties keep the sources' order. */
export function bestPassages(question: string, blocks: SourceBlock[], count = QUOTED): SourceBlock[] {
  const asked = terms(question);
  const score = (b: SourceBlock) => [...terms(`${b.title} ${b.text}`)].filter((w) => asked.has(w)).length;
  return blocks
    .map((b, i) => ({ b, i, s: score(b) }))
    .sort((x, y) => y.s - x.s || x.i - y.i)
    .slice(0, count)
    .map((x) => x.b);
}

/**
 * The demo answer's lines about the sources it was given (docs/chat.md#offline): the passages that
 * match the question best, quoted with their numbers, so citing works on a machine with no model.
 */
export function offlineSourceLines(messages: LlmMessage[], question: string, t: TFunction): string[] {
  const blocks = messages.filter((m) => m.role === 'system').flatMap((m) => readSourceBlocks(messageText(m)));
  if (blocks.length === 0) return [];
  const lines = [t('chat:offline.sources', { count: blocks.length }), ''];
  for (const b of bestPassages(question, blocks)) {
    lines.push(`> ${firstSentence(b.text)} [${b.n}]`, `> — ${b.title}${b.where ? `, ${b.where}` : ''}`, '');
  }
  return lines;
}
