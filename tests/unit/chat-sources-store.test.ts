import { describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_SOURCES, decodeChatSources, MAX_CHAT_KNOWLEDGE_BASES } from '../../src/stores/chat-sources';

describe('chat sources kept in local storage', () => {
  it('reads what it wrote', () => {
    expect(decodeChatSources(JSON.stringify({ knowledgeBaseIds: [3, 7], webSearch: true }))).toEqual({
      knowledgeBaseIds: [3, 7],
      webSearch: true,
    });
  });

  it('falls back to nothing picked on text that is not its own', () => {
    for (const raw of ['', '{', 'null', '42', '"x"']) expect(decodeChatSources(raw)).toEqual(DEFAULT_CHAT_SOURCES);
  });

  it('keeps only positive whole ids, once each, and at most the bound', () => {
    const ids = [1, 1, -2, 0, 2.5, '4', null, 2 ** 60, 5, 6, 7, 8, 9, 10];
    const got = decodeChatSources(JSON.stringify({ knowledgeBaseIds: ids, webSearch: 'yes' }));
    expect(got.knowledgeBaseIds).toEqual([1, 5, 6, 7, 8].slice(0, MAX_CHAT_KNOWLEDGE_BASES));
    expect(got.webSearch).toBe(false);
  });
});
