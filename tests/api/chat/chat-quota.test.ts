import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { createUserWithToken, type TestServer } from '../helpers';
import { ask, startChatServer } from './chat-helpers';
import { type FakeOpenAi, readEvents, startFakeOpenAi } from './fake-openai';

describe('free message quota', () => {
  let fake: FakeOpenAi;
  let srv: TestServer;
  beforeAll(async () => {
    // A configured model: demo answers (offline) spend nothing, see chat-stream.test.ts.
    fake = await startFakeOpenAi();
    srv = await startChatServer({
      OPENAI_BASE_URL: fake.url,
      CHAT_MODELS: 'ok',
      CHAT_FREE_VISITOR_DAILY: '2',
      CHAT_FREE_USER_DAILY: '3',
      CHAT_MEMBER_DAILY: '0',
    });
  });
  afterAll(async () => {
    await srv?.dispose();
    await fake?.close();
  });

  it('lets a visitor send the daily number of messages, then answers 429 with a link to /product', async () => {
    expect((await srv.call('GET', '/api/chat/quota')).body.data).toMatchObject({ limit: 2, used: 0, remaining: 2 });
    for (let i = 0; i < 2; i++) {
      const events = await readEvents(await ask(srv, { prompt: `q${i}` }));
      expect(events.at(-1)?.event).toBe('done');
      expect(events[0]?.data.quota.remaining).toBe(1 - i);
    }
    const res = await srv.call('POST', '/api/chat/process', { prompt: 'one more' });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe(429);
    expect(res.body.result).toContain('2 次免费对话已用完');
    expect(res.body.data.link).toBe('/product');
    expect((await srv.call('GET', '/api/chat/quota')).body.data).toMatchObject({ used: 2, remaining: 0 });
  });

  it('counts a logged-in user apart from the visitor IP, and gives members unlimited messages', async () => {
    const user = await createUserWithToken(srv, 'quota@example.com');
    const q = await srv.call('GET', '/api/chat/quota', undefined, user.headers);
    expect(q.body.data).toMatchObject({ limit: 3, used: 0, member: false, endDate: null });
    for (let i = 0; i < 3; i++) await readEvents(await ask(srv, { prompt: 'x' }, user.headers));
    expect((await srv.call('POST', '/api/chat/process', { prompt: 'x' }, user.headers)).status).toBe(429);

    const end = new Date(Date.now() + 86_400_000);
    await srv.runtime.database.db.update(users).set({ vipType: 1, endDate: end }).where(eq(users.id, user.id));
    const member = await srv.call('GET', '/api/chat/quota', undefined, user.headers);
    expect(member.body.data).toMatchObject({ limit: null, remaining: null, member: true, endDate: end.toISOString() });
    const events = await readEvents(await ask(srv, { prompt: 'member question' }, user.headers));
    expect(events.at(-1)?.event).toBe('done');
  });

  it('answers 401 for a dead token instead of treating the caller as a visitor', async () => {
    const res = await srv.call('POST', '/api/chat/process', { prompt: 'x' }, { authorization: 'Bearer nope' });
    expect(res.status).toBe(401);
  });
});

describe('a failed model call gives the message back', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startChatServer({
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      CHAT_MODELS: 'm',
      CHAT_FREE_VISITOR_DAILY: '1',
      LLM_CONNECT_TIMEOUT_MS: '1000',
    });
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  it('does not count a message the model never answered', async () => {
    const events = await readEvents(await ask(srv, { prompt: 'x' }));
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { kind: 'network' } });
    expect((await srv.call('GET', '/api/chat/quota')).body.data).toMatchObject({ used: 0, remaining: 1 });
  });
});
