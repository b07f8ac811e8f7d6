import type { ChatCitation } from '../../../shared/contract/chat';
import type { Runtime } from '../../runtime';
import type { AppBase } from '../apps/app-knowledge';
import type { Caller } from './quota';

/** A passage a source found, before the answer numbers it. */
export type SourcePassage = Omit<ChatCitation, 'n'>;

/** What an answer asks its sources for (docs/chat.md#sources). */
export interface SourceQuery {
  caller: Caller;
  /** The question (or the model's own search words, when a tool asks). */
  query: string;
  lang: string;
  /** Aborted when the person goes away. */
  signal: AbortSignal;
  /** The knowledge bases the conversation uses (the knowledge source only reads these, owner-checked). */
  knowledgeBaseIds?: number[];
  /** The base of the app the conversation is with, searched as its owner's (read-only to the asker). */
  appBase?: AppBase | null;
  /** Passages wanted at most. */
  limit: number;
}

/**
 * One kind of source an answer can draw on: the person's knowledge bases or a web search. Each
 * domain implements its own (services/<domain>/chat-source.ts); the chat gathers from the ones a
 * request turns on, numbers the passages and cites them, and offers each as a tool.
 */
export interface ChatSource {
  kind: ChatCitation['kind'];
  /** Whether the source can answer at all here (a web search provider configured, say). */
  available(rt: Runtime): Promise<boolean>;
  gather(rt: Runtime, q: SourceQuery): Promise<SourcePassage[]>;
}
