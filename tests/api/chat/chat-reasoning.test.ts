import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers';
import { ledgerRows } from '../ledger/ledger-helpers';
import { ask, startChatServer } from './chat-helpers';
import { type FakeOpenAi, type FakeStep, readEvents, type SseEvent, startFakeOpenAi } from './fake-openai';

const say = (delta: Record<string, string>): FakeStep => ({ delta });
const joined = (events: SseEvent[], name: string) =>
  events
    .filter((e) => e.event === name)
    .map((e) => e.data.text)
    .join('');

/** Upstream answers, by model: DeepSeek's reasoning_content, the `reasoning` field, <think> in content. */
const scripts: Record<string, FakeStep[]> = {
  'deepseek-r1': [
    say({ role: 'assistant', reasoning_content: 'First I weigh ' }),
    say({ reasoning_content: 'the options.' }),
    { wait: 60 },
    say({ content: 'Take the ' }),
    say({ content: 'train.' }),
    { finish_reason: 'stop' },
  ],
  'vllm-reasoner': [say({ reasoning: 'Counting: 1, 2, 3.' }), say({ content: 'Three.' })],
  'qwq-tags': [
    say({ content: '<thi' }),
    say({ content: 'nk>Is 7 prime? ' }),
    say({ content: 'Yes, no divisors.</th' }),
    say({ content: 'ink>\n\n7 is ' }),
    say({ content: 'prime.' }),
  ],
  'long-winded': [say({ content: 'This answer goes on and on' }), { finish_reason: 'length' }],
  // Thinks for a long time: stopping it must end the upstream call.
  'slow-thinker': Array.from({ length: 200 }, (_, i): FakeStep[] => [
    say({ reasoning_content: `thought ${i}. ` }),
    { wait: 50 },
  ]).flat(),
};

describe('reasoning models', () => {
  let fake: FakeOpenAi;
  let srv: TestServer;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ usage: { prompt_tokens: 31, completion_tokens: 57 }, scripts });
    srv = await startChatServer({
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      CHAT_MODELS: Object.keys(scripts).join(','),
      CHAT_FREE_VISITOR_DAILY: '1000',
    });
  });
  afterAll(async () => {
    await srv?.dispose();
    await fake?.close();
  });

  it('streams reasoning_content as reasoning events before the answer; done carries usage and thinkMs', async () => {
    const events = await readEvents(
      await ask(srv, { prompt: 'How do I get there?', options: { model: 'deepseek-r1' } }),
    );
    expect(events.map((e) => e.event)).toEqual(['meta', 'reasoning', 'reasoning', 'delta', 'delta', 'done']);
    expect(joined(events, 'reasoning')).toBe('First I weigh the options.');
    expect(joined(events, 'delta')).toBe('Take the train.');
    const done = events.at(-1)?.data;
    // The upstream paused 60 ms between its last reasoning piece and its first answer text.
    expect(done.thinkMs).toBeGreaterThanOrEqual(50);
    expect(done.usage).toEqual({ inputTokens: 31, outputTokens: 57 });
    expect(done.chars).toBe('Take the train.'.length);
    expect(done.cut).toBeUndefined();
    // The ledger's row has the counts done reported.
    expect((await ledgerRows(srv)).at(-1)).toMatchObject({ model: 'deepseek-r1', inputTokens: 31, outputTokens: 57 });

    // The follow-up sends the answer back as the browser keeps it: no reasoning reaches the upstream.
    await readEvents(
      await ask(srv, {
        prompt: 'And by car?',
        messages: [
          { role: 'user', content: 'How do I get there?' },
          { role: 'assistant', content: joined(events, 'delta') },
        ],
        options: { model: 'deepseek-r1' },
      }),
    );
    const sent = JSON.stringify(fake.requests.at(-1)?.messages);
    expect(sent).toContain('Take the train.');
    expect(sent).not.toContain('weigh');
  });

  it('reads the `reasoning` field of other compatible servers', async () => {
    const events = await readEvents(await ask(srv, { prompt: 'count', options: { model: 'vllm-reasoner' } }));
    expect(joined(events, 'reasoning')).toBe('Counting: 1, 2, 3.');
    expect(joined(events, 'delta')).toBe('Three.');
    expect(events.at(-1)?.data.thinkMs).toBeGreaterThanOrEqual(0);
  });

  it('splits <think> out of the content, tags cut across chunks, and strips it from later context', async () => {
    const events = await readEvents(await ask(srv, { prompt: 'Is 7 prime?', options: { model: 'qwq-tags' } }));
    expect(joined(events, 'reasoning')).toBe('Is 7 prime? Yes, no divisors.');
    expect(joined(events, 'delta')).toBe('7 is prime.');
    expect(events.filter((e) => e.event === 'reasoning').every((e) => !e.data.text.includes('<'))).toBe(true);

    // An older client kept the block in the answer's text: the server drops it from the context.
    await readEvents(
      await ask(srv, {
        prompt: 'And 9?',
        messages: [
          { role: 'user', content: 'Is 7 prime?' },
          { role: 'assistant', content: '<think>Is 7 prime? Yes, no divisors.</think>\n\n7 is prime.' },
        ],
        options: { model: 'qwq-tags' },
      }),
    );
    expect(fake.requests.at(-1)?.messages).toEqual([
      { role: 'user', content: 'Is 7 prime?' },
      { role: 'assistant', content: '7 is prime.' },
      { role: 'user', content: 'And 9?' },
    ]);
  });

  it('marks an answer the upstream stopped for length as cut, without thinking time', async () => {
    const events = await readEvents(await ask(srv, { prompt: 'Tell me all', options: { model: 'long-winded' } }));
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    expect(done?.data).toMatchObject({ cut: true, usage: { inputTokens: 31, outputTokens: 57 } });
    expect(done?.data.thinkMs).toBeUndefined();
  });

  it('stop during reasoning cancels the upstream call and records a cancelled answer', async () => {
    const controller = new AbortController();
    const res = await ask(srv, { prompt: 'Think hard', options: { model: 'slow-thinker' } }, {}, controller.signal);
    const closed = fake.closedEarly('slow-thinker');
    const events = await readEvents(res, (e) => e.event !== 'reasoning').catch(() => []);
    expect(events.at(-1)?.event).toBe('reasoning');
    controller.abort();
    await closed;
    await expect
      .poll(async () => (await ledgerRows(srv)).find((r) => r.model === 'slow-thinker')?.outcome)
      .toBe('cancelled');
  });
});

describe('the offline responder without a model', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startChatServer();
  });
  afterAll(() => srv?.dispose());

  it('offers a plain and a reasoning model, named in the page language, with their capabilities', async () => {
    const res = await srv.call('GET', '/api/chat/models', undefined, { cookie: 'lang=en-US' });
    expect(res.body.data).toMatchObject({
      mode: 'offline',
      models: ['miaobi-offline', 'miaobi-offline-reasoner'],
      defaultModel: 'miaobi-offline',
    });
    expect(res.body.data.details).toEqual([
      expect.objectContaining({ id: 'miaobi-offline', name: 'Demo mode', vision: true, reasoning: false }),
      expect.objectContaining({ id: 'miaobi-offline-reasoner', name: 'Demo mode · reasoning', reasoning: true }),
    ]);
    const zh = await srv.call('GET', '/api/chat/models', undefined, { cookie: 'lang=zh-TW' });
    expect(zh.body.data.details[1].name).toBe('示範模式 · 深度思考');
  });

  it('the reasoning model thinks about the question first, then answers; done has usage and thinkMs', async () => {
    const events = await readEvents(
      await ask(srv, { prompt: '今天吃什么', options: { model: 'miaobi-offline-reasoner' } }),
    );
    const kinds = events.map((e) => e.event);
    expect(kinds[0]).toBe('meta');
    expect(kinds.lastIndexOf('reasoning')).toBeLessThan(kinds.indexOf('delta'));
    expect(joined(events, 'reasoning')).toContain('今天吃什么');
    expect(joined(events, 'delta')).toContain('演示模式');
    const done = events.at(-1)?.data;
    expect(done.thinkMs).toBeGreaterThanOrEqual(0);
    // No upstream counts: the ledger counted with the tokenizer, reasoning included in the output.
    expect(done.usage.inputTokens).toBeGreaterThan(0);
    expect(done.usage.outputTokens).toBeGreaterThan(0);
    expect((await ledgerRows(srv)).at(-1)).toMatchObject({ model: 'miaobi-offline-reasoner', ...done.usage });
  });

  it('the plain offline model does not reason', async () => {
    const events = await readEvents(await ask(srv, { prompt: 'hi', options: { model: 'miaobi-offline' } }));
    expect(events.some((e) => e.event === 'reasoning')).toBe(false);
    expect(events.at(-1)?.data.thinkMs).toBeUndefined();
  });
});
