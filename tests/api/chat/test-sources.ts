import type { ChatSource, SourcePassage, SourceQuery } from '../../../src/server/services/chat/sources';

/** A source made in the test, standing in for the knowledge bases' or the web search's. */
export interface TestSource extends ChatSource {
  /** What it was asked, in order. */
  asked: SourceQuery[];
  /** Turns it on or off (`available`). */
  ready: boolean;
  /** Makes `gather` throw this once. */
  failNext: Error | null;
  /** `gather` never answers this query. */
  hangOn: string | null;
}

export function testSource(kind: ChatSource['kind'], passages: SourcePassage[]): TestSource {
  const source: TestSource = {
    kind,
    asked: [],
    ready: true,
    failNext: null,
    hangOn: null,
    async available() {
      return source.ready;
    },
    async gather(_rt, q) {
      source.asked.push(q);
      const fail = source.failNext;
      source.failNext = null;
      if (fail) throw fail;
      if (q.query === source.hangOn) return new Promise<never>(() => {});
      return passages.slice(0, q.limit);
    },
  };
  return source;
}

export const knowledgePassages: SourcePassage[] = [
  {
    kind: 'knowledge',
    title: 'cats.pdf',
    text: 'Cats sleep twelve to sixteen hours a day. They are most active at dawn and dusk.',
    baseId: 7,
    fileId: 70,
    page: 3,
  },
  {
    kind: 'knowledge',
    title: 'tea.md',
    text: 'Green tea is steeped at eighty degrees for two minutes.',
    baseId: 7,
    fileId: 71,
  },
];

export const webPassages: SourcePassage[] = [
  {
    kind: 'web',
    title: 'Sleep of domestic cats',
    text: 'Domestic cats sleep on average fifteen hours daily.',
    url: 'https://example.org/cats/sleep',
    site: 'example.org',
  },
];
