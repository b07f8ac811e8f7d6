import type { TFunction } from 'i18next';
import { Code } from '../../../shared/codes';
import type { ChatCitation } from '../../../shared/contract/chat';
import { toSafeText } from '../../../shared/safe-text';
import { chatConfig } from '../../config/chat';
import { DomainError } from '../../errors';
import type { LlmMessage } from '../../providers/llm';
import { sourceBlock } from '../../providers/llm/source-blocks';
import type { Runtime } from '../../runtime';
import type { AppBase } from '../apps/app-knowledge';
import { type ChatSource, type SourcePassage, type SourceQuery, sourcesOf } from './sources';

/** What a question turned on (POST /api/chat/process `knowledgeBaseIds`, `webSearch`). */
export interface SourceChoice {
  knowledgeBaseIds?: number[];
  webSearch?: boolean;
  /** The base of the app the conversation is with (services/apps/app-knowledge.ts). */
  appBase?: AppBase | null;
}

/** Passages one source gives a question (or a tool call) at most. */
export const PASSAGES_PER_SOURCE = 5;
/** Numbers an answer may cite at most (the contract's bound). */
export const MAX_CITATIONS = 50;

/** The sources of this kind that can answer here (a web search provider configured, say). */
export async function availableSources(rt: Runtime, kind?: ChatSource['kind']): Promise<ChatSource[]> {
  const all = sourcesOf(rt).filter((s) => !kind || s.kind === kind);
  const ready = await Promise.all(all.map((s) => s.available(rt).catch(() => false)));
  return all.filter((_, i) => ready[i]);
}

/** GET /api/chat/models' `webSearch`: whether the composer may offer the toggle. */
export async function webSearchAvailable(rt: Runtime): Promise<boolean> {
  return (await availableSources(rt, 'web')).length > 0;
}

/**
 * The sources a question turned on, checked before anything is spent: one asked for that is not
 * available here is refused (a clear 400), never silently left out.
 */
export async function chosenSources(rt: Runtime, choice: SourceChoice): Promise<ChatSource[]> {
  const kinds: ChatSource['kind'][] = [];
  if (choice.knowledgeBaseIds?.length || choice.appBase) kinds.push('knowledge');
  if (choice.webSearch) kinds.push('web');
  const out: ChatSource[] = [];
  for (const kind of kinds) {
    const found = await availableSources(rt, kind);
    if (!found.length) throw new DomainError(Code.BAD_REQUEST, `chat:sources.unavailable.${kind}`, { status: 400 });
    out.push(...found);
  }
  return out;
}

/**
 * Asks each source for passages. A refusal (a base that is not the caller's) ends the question;
 * a source that fails otherwise (its upstream down) is logged and left out, the answer goes on.
 */
export async function gatherPassages(rt: Runtime, sources: ChatSource[], q: SourceQuery): Promise<SourcePassage[]> {
  // Each source has CHAT_TOOL_TIMEOUT_MS, as a tool call has; one that ignores its signal still gives way.
  const limit = chatConfig(rt.env).CHAT_TOOL_TIMEOUT_MS;
  const signal = AbortSignal.any([q.signal, AbortSignal.timeout(limit)]);
  const late = new Promise<never>((_, reject) => {
    const end = () => reject(new Error(`no answer within ${limit} ms`));
    if (signal.aborted) end();
    else signal.addEventListener('abort', end, { once: true });
  });
  late.catch(() => {});
  const found = await Promise.all(
    sources.map((s) =>
      Promise.race([s.gather(rt, { ...q, signal }), late]).catch((err: unknown) => {
        if (err instanceof DomainError) throw err;
        rt.log.warn('chat source failed', { kind: s.kind, err: err instanceof Error ? err.message : String(err) });
        return [] as SourcePassage[];
      }),
    ),
  );
  return found.flatMap((passages) => passages.slice(0, q.limit));
}

/** Numbers passages from `from` on, cut to the contract's bounds; past MAX_CITATIONS none are kept. */
export function numbered(passages: SourcePassage[], from: number): ChatCitation[] {
  const room = Math.max(0, MAX_CITATIONS - from + 1);
  return passages.slice(0, room).map((p, i) => {
    const c: ChatCitation = {
      n: from + i,
      kind: p.kind,
      title: toSafeText(p.title, 300) ?? '',
      text: toSafeText(p.text, 4000) ?? '',
    };
    if (p.baseId !== undefined) c.baseId = p.baseId;
    if (p.fileId !== undefined) c.fileId = p.fileId;
    if (p.page !== undefined) c.page = p.page;
    if (p.url) c.url = toSafeText(p.url, 2000) ?? undefined;
    if (p.site) c.site = toSafeText(p.site, 200) ?? undefined;
    return c;
  });
}

/** Where a passage came from, as the model may name it. */
const whereOf = (c: ChatCitation) =>
  c.kind === 'web' ? (c.site ?? c.url) : c.page !== undefined ? `p. ${c.page}` : undefined;

/** The passages as the model reads them, each in its numbered block. */
export const citationBlocks = (citations: ChatCitation[]) =>
  citations.map((c) => sourceBlock({ n: c.n, title: c.title, where: whereOf(c), text: c.text })).join('\n\n');

/** The system message that hands the model the passages and asks it to cite them by number. */
export function citationMessage(citations: ChatCitation[], t: TFunction): LlmMessage {
  return { role: 'system', content: `${t('chat:sources.instruction')}\n\n${citationBlocks(citations)}` };
}
