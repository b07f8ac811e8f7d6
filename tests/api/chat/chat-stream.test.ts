import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers';
import { ask, startChatServer } from './chat-helpers';
import { type FakeOpenAi, readEvents, startFakeOpenAi } from './fake-openai';

describe('chat with an OpenAI-compatible model', () => {
  let fake: FakeOpenAi;
  let srv: TestServer;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    srv = await startChatServer({
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      CHAT_MODELS: 'ok,slow,auth,rate,context,hang,midstream-error,badmodel',
      LLM_CONNECT_TIMEOUT_MS: '1000',
      CHAT_FREE_VISITOR_DAILY: '1000',
    });
  });
  afterAll(async () => {
    await srv?.dispose();
    await fake?.close();
  });

  it('lists the configured models', async () => {
    const res = await srv.call('GET', '/api/chat/models');
    expect(res.body.data).toMatchObject({
      mode: 'openai',
      models: ['ok', 'slow', 'auth', 'rate', 'context', 'hang', 'midstream-error', 'badmodel'],
      defaultModel: 'ok',
    });
    // Without a chat channel, the environment's models are the bootstrap channel: named by their ids.
    expect(res.body.data.details[0]).toEqual({
      id: 'ok',
      name: 'ok',
      description: '',
      vision: false,
      reasoning: false,
      contextTokens: 0,
    });
  });

  it('streams the chunks as SSE and ends with done, sending system prompt and context', async () => {
    const res = await ask(srv, {
      prompt: 'second question',
      messages: [
        { role: 'user', content: 'first question' },
        { role: 'assistant', content: 'first answer' },
      ],
      options: { model: 'ok', usingContext: true, systemMessage: 'You are a poet.' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = await readEvents(res);
    expect(events.map((e) => e.event)).toEqual(['meta', 'delta', 'delta', 'delta', 'done']);
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe('Hello world');
    expect(events[0]?.data.model).toBe('ok');
    const sent = fake.requests.at(-1);
    expect(sent?.stream).toBe(true);
    expect(sent?.messages).toEqual([
      { role: 'system', content: 'You are a poet.' },
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'first answer' },
      { role: 'user', content: 'second question' },
    ]);
    expect(fake.authHeaders.at(-1)).toBe('Bearer sk-test');
  });

  it('frames every event as one event line and one line of JSON data, with the stream headers the browser relies on', async () => {
    const res = await ask(srv, { prompt: 'hi', options: { model: 'ok', usingContext: false } });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const raw = await res.text();
    expect(raw).toMatch(/^(event: (meta|delta|done)\ndata: \{[^\n]*\}\n\n)+$/);
    const frames = raw.split('\n\n').filter(Boolean);
    expect(frames.map((f) => f.split('\n')[0])).toEqual([
      'event: meta',
      'event: delta',
      'event: delta',
      'event: delta',
      'event: done',
    ]);
    expect(frames.slice(1, 4)).toEqual(
      ['Hel', 'lo', ' world'].map((text) => `event: delta\ndata: ${JSON.stringify({ text })}`),
    );
  });

  it('sends only the question when usingContext is off, and the default model for an unknown one', async () => {
    await readEvents(
      await ask(srv, {
        prompt: 'alone',
        messages: [{ role: 'user', content: 'earlier' }],
        options: { model: 'not-listed', usingContext: false },
      }),
    );
    const sent = fake.requests.at(-1);
    expect(sent?.model).toBe('ok');
    expect(sent?.messages).toEqual([{ role: 'user', content: 'alone' }]);
  });

  it.each([
    ['auth', 'auth', '密钥'],
    ['rate', 'rateLimit', '繁忙'],
    ['context', 'contextTooLong', '上下文'],
    ['badmodel', 'badModel', '模型'],
    ['hang', 'timeout', '超时'],
    ['midstream-error', 'upstream', '出错'],
  ])('maps upstream %s to a translated %s error event', async (model, kind, text) => {
    const events = await readEvents(await ask(srv, { prompt: 'hi', options: { model, usingContext: true } }));
    const last = events.at(-1);
    expect(last?.event).toBe('error');
    expect(last?.data.kind).toBe(kind);
    expect(last?.data.message).toContain(text);
  });

  it('speaks English errors to an English page', async () => {
    const events = await readEvents(
      await ask(srv, { prompt: 'hi', options: { model: 'auth', usingContext: true } }, { cookie: 'lang=en-US' }),
    );
    expect(events.at(-1)?.data.message).toMatch(/rejected the key/);
  });

  it('streams through compression unbuffered, and a client disconnect cancels the upstream call', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const res = await ask(
      srv,
      { prompt: 'long', options: { model: 'slow', usingContext: true } },
      { 'accept-encoding': 'gzip, br' },
      controller.signal,
    );
    expect(res.headers.get('content-encoding')).toBeNull();
    const closed = fake.closedEarly('slow');
    const events = await readEvents(res, (e) => e.event !== 'delta').catch(() => []);
    // The first piece arrives long before the 5 s the upstream needs for all 100.
    expect(events.at(-1)?.event).toBe('delta');
    expect(Date.now() - started).toBeLessThan(2500);
    controller.abort();
    await expect(
      Promise.race([closed.then(() => 'closed'), new Promise((r) => setTimeout(r, 3000, 'open'))]),
    ).resolves.toBe('closed');
  });

  it('rejects a prompt without a length limit respected', async () => {
    const res = await srv.call('POST', '/api/chat/process', { prompt: 'x'.repeat(8001) });
    expect(res.status).toBe(400);
  });
});

describe('chat with the offline responder (demo mode)', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startChatServer({ CHAT_FREE_VISITOR_DAILY: '1' });
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  const answer = async (body: object, headers: Record<string, string> = {}) => {
    const events = await readEvents(await ask(srv, body, headers));
    expect(events.at(-1)?.event).toBe('done');
    return events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
  };

  it('tells visitors in their language that the site is in demo mode, and spends none of their messages', async () => {
    const models = await srv.call('GET', '/api/chat/models');
    expect(models.body.data.mode).toBe('offline');
    const first = await answer({ prompt: '你好' });
    expect(first).toContain('演示模式');
    expect(first).toContain('你好');
    expect(first).not.toMatch(/OPENAI|\.env|CHAT_MODELS|```/);
    // Deterministic, and the visitor's limit of 1 does not stop a second demo answer.
    expect(await answer({ prompt: '你好' })).toBe(first);
    expect((await srv.call('GET', '/api/chat/quota')).body.data).toMatchObject({ limit: 1, used: 0, remaining: 1 });
    const en = await answer({ prompt: 'hi' }, { cookie: 'lang=en-US' });
    expect(en).toContain('demo mode');
    expect(en).not.toMatch(/[\u4e00-\u9fff]|OPENAI/);
    expect(await answer({ prompt: 'hi' }, { cookie: 'lang=zh-TW' })).toContain('示範模式');
  });
});
