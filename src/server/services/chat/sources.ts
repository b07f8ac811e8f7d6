import type { Runtime } from '../../runtime';
import { knowledgeSource } from '../knowledge/chat-source';
import { webSource } from '../web-search/chat-source';
import type { ChatSource } from './source-types';

export type { ChatSource, SourcePassage, SourceQuery } from './source-types';

/**
 * The sources this site has (the one place they are wired in): the knowledge bases'
 * (services/knowledge/chat-source.ts) and the web search's (services/web-search/chat-source.ts).
 */
export const chatSources: ChatSource[] = [knowledgeSource, webSource];

const perRuntime = new WeakMap<Runtime, ChatSource[]>();

/** The sources one runtime's answers draw on: a copy of `chatSources` per runtime, so a test can add its own. */
export function sourcesOf(rt: Runtime): ChatSource[] {
  let list = perRuntime.get(rt);
  if (!list) {
    list = [...chatSources];
    perRuntime.set(rt, list);
  }
  return list;
}
