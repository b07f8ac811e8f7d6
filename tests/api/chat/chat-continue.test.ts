import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers';
import { ask, startChatServer } from './chat-helpers';
import { type FakeOpenAi, readEvents, startFakeOpenAi } from './fake-openai';

const deltas = async (res: Response) => {
  const events = await readEvents(res);
  expect(events.at(-1)?.event).toBe('done');
  return events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');
};

describe('continue an answer cut short, against an OpenAI-compatible model', () => {
  let fake: FakeOpenAi;
  let srv: TestServer;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    srv = await startChatServer({
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      CHAT_MODELS: 'ok',
      CHAT_FREE_VISITOR_DAILY: '100',
    });
  });
  afterAll(async () => {
    await srv?.dispose();
    await fake?.close();
  });

  it('sends the partial answer as the last assistant message, then asks to go on without repeating', async () => {
    const body = {
      prompt: 'Write a poem about rain',
      messages: [
        { role: 'user', content: 'hello' },
        { role: 'assistant', content: 'Hi! How can I help?' },
      ],
      options: { model: 'ok', partial: 'Rain on the roof,\nsoft as' },
    };
    expect(await deltas(await ask(srv, body))).toBe('Hello world');
    expect(fake.requests.at(-1)?.messages).toEqual([
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: 'Hi! How can I help?' },
      { role: 'user', content: 'Write a poem about rain' },
      { role: 'assistant', content: 'Rain on the roof,\nsoft as' },
      { role: 'user', content: '请从上一条回答中断的地方接着写下去，不要重复已经写过的内容，也不要加开场白。' },
    ]);
    // The request to continue reads in the person's language.
    await deltas(await ask(srv, body, { cookie: 'lang=en-US' }));
    expect(fake.requests.at(-1)?.messages.at(-1)?.content).toMatch(/^Continue your previous answer/);
  });

  it('sends only the shown text of earlier messages: their other versions never reach the model', async () => {
    const res = await ask(srv, {
      prompt: 'and now?',
      messages: [
        { role: 'user', content: 'first', variants: [{ text: 'an older question', tail: [] }] },
        { role: 'assistant', content: 'shown answer', variants: [{ text: 'older answer' }], variant: 1 },
      ],
      options: { model: 'ok' },
    });
    await deltas(res);
    const sent = JSON.stringify(fake.requests.at(-1)?.messages);
    expect(sent).not.toMatch(/older|variant/);
    expect(fake.requests.at(-1)?.messages).toEqual([
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'shown answer' },
      { role: 'user', content: 'and now?' },
    ]);
  });

  it('refuses an empty or oversized partial answer with a 400', async () => {
    const empty = await ask(srv, { prompt: 'q', options: { partial: '' } });
    expect(empty.status).toBe(400);
    const huge = await ask(srv, { prompt: 'q', options: { partial: 'x'.repeat(32_001) } });
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { result: string }).result).toBeTruthy();
  });
});

describe('continue with the offline responder (demo mode)', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startChatServer();
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  it('goes on with the rest of the same answer, and says so when nothing is left', async () => {
    const question = { prompt: '讲讲杭州', options: { systemMessage: '你是导游' } };
    const full = await deltas(await ask(srv, question));
    expect(full).toContain('演示模式');
    const cut = Math.floor(full.length / 3);
    const rest = await deltas(
      await ask(srv, { ...question, options: { ...question.options, partial: full.slice(0, cut) } }),
    );
    expect(full.slice(0, cut) + rest).toBe(full);
    expect(rest).not.toContain('演示模式');

    const done = await deltas(await ask(srv, { ...question, options: { ...question.options, partial: full } }));
    expect(done.trim()).toBe('（演示回答已经完整，没有可以继续的内容了。）');
    const en = await deltas(
      await ask(srv, { prompt: 'hi', options: { partial: 'Something another model wrote' } }, { cookie: 'lang=en-US' }),
    );
    expect(en.trim()).toBe('(The demo reply is already complete; there is nothing more to continue.)');
  });
});
