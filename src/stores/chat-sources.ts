import { persistentAtom } from '@nanostores/persistent';

/**
 * What the next question draws on besides the conversation (docs/chat.md#sources): the knowledge
 * bases picked in the composer and the web-search toggle. Kept in local storage, so a reload keeps
 * them; the server checks the bases' owner on every question, so a stale id only gets refused.
 */
export interface ChatSources {
  knowledgeBaseIds: number[];
  webSearch: boolean;
}

export const DEFAULT_CHAT_SOURCES: ChatSources = { knowledgeBaseIds: [], webSearch: false };

/** At most this many bases per question (the server holds the same bound). */
export const MAX_CHAT_KNOWLEDGE_BASES = 5;

export function decodeChatSources(raw: string): ChatSources {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ...DEFAULT_CHAT_SOURCES };
  }
  if (typeof parsed !== 'object' || parsed === null) return { ...DEFAULT_CHAT_SOURCES };
  const value = parsed as Partial<Record<keyof ChatSources, unknown>>;
  const ids = Array.isArray(value.knowledgeBaseIds) ? value.knowledgeBaseIds : [];
  return {
    knowledgeBaseIds: [...new Set(ids.filter((id): id is number => Number.isSafeInteger(id) && id > 0))].slice(
      0,
      MAX_CHAT_KNOWLEDGE_BASES,
    ),
    webSearch: value.webSearch === true,
  };
}

export const $chatSources = persistentAtom<ChatSources>(
  'chatSources',
  { ...DEFAULT_CHAT_SOURCES },
  { encode: JSON.stringify, decode: decodeChatSources },
);
