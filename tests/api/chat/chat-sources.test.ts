import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../../src/server/errors';
import { sourcesOf } from '../../../src/server/services/chat/sources';
import type { TestServer } from '../helpers';
import { ask, startChatServer } from './chat-helpers';
import { type FakeOpenAi, readEvents, type SseEvent, startFakeOpenAi } from './fake-openai';
import { knowledgePassages, type TestSource, testSource, webPassages } from './test-sources';

const text = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');

describe('sources in the answer (demo mode)', () => {
  let srv: TestServer;
  let knowledge: TestSource;
  let web: TestSource;
  beforeAll(async () => {
    srv = await startChatServer({ CHAT_FREE_VISITOR_DAILY: '1000' });
    knowledge = testSource('knowledge', knowledgePassages);
    web = testSource('web', webPassages);
    sourcesOf(srv.runtime).push(knowledge, web);
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  it('says whether web search can be offered, from the web sources available', async () => {
    expect((await srv.call('GET', '/api/chat/models')).body.data.webSearch).toBe(true);
    web.ready = false;
    try {
      expect((await srv.call('GET', '/api/chat/models')).body.data.webSearch).toBe(false);
      // Asking for a search that cannot run is refused, clearly and before anything streams.
      const refused = await ask(srv, { prompt: 'How long do cats sleep?', webSearch: true }, { cookie: 'lang=en-US' });
      expect(refused.status).toBe(400);
      expect((await refused.json()).result).toMatch(/Web search is not available/);
    } finally {
      web.ready = true;
    }
  });

  it('numbers the passages, sends them as citations first, and quotes the best ones with their numbers', async () => {
    const events = await readEvents(
      await ask(srv, { prompt: 'How long do cats sleep?', knowledgeBaseIds: [7], webSearch: true }),
    );
    expect(events.map((e) => e.event).slice(0, 2)).toEqual(['meta', 'citations']);
    const items = events[1]?.data.items;
    expect(items).toEqual([
      { n: 1, ...knowledgePassages[0] },
      { n: 2, ...knowledgePassages[1] },
      { n: 3, ...webPassages[0] },
    ]);
    // Each source was asked the question; the knowledge source with the bases picked.
    expect(knowledge.asked.at(-1)).toMatchObject({ query: 'How long do cats sleep?', knowledgeBaseIds: [7] });
    expect(web.asked.at(-1)?.query).toBe('How long do cats sleep?');
    const answer = text(events);
    expect(answer).toContain('> Cats sleep twelve to sixteen hours a day. [1]');
    expect(answer).toContain('> Domestic cats sleep on average fifteen hours daily. [3]');
    // The passage about tea matches the question least and is quoted last.
    expect(answer.indexOf('[3]')).toBeLessThan(answer.indexOf('[2]'));
    expect(events.at(-1)?.event).toBe('done');
  });

  it('asks no source the question does not turn on, and sends no citations then', async () => {
    const before = knowledge.asked.length + web.asked.length;
    const events = await readEvents(await ask(srv, { prompt: 'Hello' }));
    expect(events.some((e) => e.event === 'citations')).toBe(false);
    expect(knowledge.asked.length + web.asked.length).toBe(before);
  });

  it('refuses what a source refuses; a source that fails otherwise is left out', async () => {
    knowledge.failNext = new DomainError(4403, 'common:error.forbidden', { status: 403 });
    const refused = await ask(srv, { prompt: 'cats?', knowledgeBaseIds: [8] });
    expect(refused.status).toBe(403);

    web.failNext = new Error('search upstream down');
    const events = await readEvents(await ask(srv, { prompt: 'cats?', knowledgeBaseIds: [7], webSearch: true }));
    expect(events[1]?.data.items.map((c: { kind: string }) => c.kind)).toEqual(['knowledge', 'knowledge']);
  });

  it('refuses more than five knowledge bases with a translated field error', async () => {
    const res = await ask(srv, { prompt: 'cats?', knowledgeBaseIds: [1, 2, 3, 4, 5, 6] });
    expect(res.status).toBe(400);
    expect((await res.json()).data.fields.knowledgeBaseIds).toBeTruthy();
  });
});

describe('sources handed to a model', () => {
  let fake: FakeOpenAi;
  let srv: TestServer;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    srv = await startChatServer({ OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test', CHAT_MODELS: 'ok' });
    sourcesOf(srv.runtime).push(testSource('knowledge', knowledgePassages));
  });
  afterAll(async () => {
    await srv?.dispose();
    await fake?.close();
  });

  it('puts the numbered passages and the instruction to cite them just before the question', async () => {
    await readEvents(
      await ask(
        srv,
        { prompt: 'How long do cats sleep?', knowledgeBaseIds: [7], options: { systemMessage: 'Be brief.' } },
        { cookie: 'lang=en-US' },
      ),
    );
    const sent = fake.requests.at(-1)?.messages ?? [];
    expect(sent.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    expect(sent[0]?.content).toBe('Be brief.');
    expect(sent[1]?.content).toContain('cite each fact');
    expect(sent[1]?.content).toContain(
      '<source n="1" title="cats.pdf" where="p. 3">\nCats sleep twelve to sixteen hours a day.',
    );
    expect(sent[1]?.content).toContain('<source n="2" title="tea.md">');
    expect(sent[2]?.content).toBe('How long do cats sleep?');
  });
});
