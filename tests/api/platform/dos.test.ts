import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../chat/fake-openai';
import { clearOfWindowEdge, createUserWithToken } from '../helpers';
import { connect, firstReply, request, startLoggedServer, untilClosed } from './dos-helpers';

// Small caps and timeouts, so each flood is a few dozen sockets and a few seconds.
let srv: Awaited<ReturnType<typeof startLoggedServer>>;
let fake: FakeOpenAi;
beforeAll(async () => {
  // A configured model: demo answers (no model) spend no quota, and the quota is what is counted here.
  fake = await startFakeOpenAi();
  srv = await startLoggedServer({
    OPENAI_BASE_URL: fake.url,
    CHAT_MODELS: 'ok',
    BODY_TIMEOUT_MS: '2000',
    HEADERS_TIMEOUT_MS: '4000',
    REQUEST_TIMEOUT_MS: '8000',
    MAX_CONNECTIONS: '90',
    MAX_CONNECTIONS_PER_IP: '30',
    CHAT_SYNC_MAX_CONVERSATIONS: '3',
    CHAT_SYNC_CONVERSATION_BYTES: '4096',
    CHAT_SYNC_MESSAGE_BYTES: '1024',
    CHAT_SYNC_PER_MINUTE: '12',
    CLIENT_LOG_PER_MINUTE: '3',
    CHAT_FREE_USER_DAILY: '8',
  });
}, 240_000);
afterAll(async () => {
  await srv?.dispose();
  await fake?.close();
});

const head = (method: string, path: string, length: number) =>
  `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
const health = (from = '127.0.0.1') => request(srv.port, { path: '/api/health', from });
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Resolves once `count` of the sockets have been closed by the server. */
function closedCount(sockets: net.Socket[], count: number) {
  let closed = 0;
  return new Promise<void>((resolve) => {
    for (const s of sockets) {
      s.on('error', () => {});
      s.once('close', () => {
        if (++closed === count) resolve();
      });
    }
  });
}

describe('request bodies', () => {
  it('refuses a stalled body with 408 and closes it, while health answers', async () => {
    const sockets = await Promise.all(range(12).map(() => connect(srv.port, '127.0.0.3')));
    const ends = sockets.map(untilClosed);
    for (const s of sockets) s.write(head('POST', '/api/client-log', 8000) + 'x'.repeat(4000));
    expect((await health()).status).toBe(200);
    expect(sockets.filter((s) => s.destroyed)).toHaveLength(0);
    for (const text of await Promise.all(ends)) {
      expect(text).toMatch(/^HTTP\/1\.1 408/);
      expect(text).toContain('"code":408');
    }
  });

  it("answers 413 to a declared body over the route's limit before reading it", async () => {
    const s = await connect(srv.port, '127.0.0.3');
    const ended = untilClosed(s);
    const reply = firstReply(s);
    s.write(head('POST', '/api/client-log', 900_000));
    expect(await reply).toMatch(/^HTTP\/1\.1 413/);
    // The unsent rest of the body stalls: the connection is ended rather than held.
    await ended;
    const beyond = await connect(srv.port, '127.0.0.3');
    const answer = untilClosed(beyond);
    beyond.write(head('POST', '/api/user/profile', 5_000_000));
    expect(await answer).toMatch(/^HTTP\/1\.1 413[\s\S]*connection: close/i);
  });

  it('lets only a live session send a large body', async () => {
    const user = await createUserWithToken(srv, 'big-body@example.com');
    const body = JSON.stringify({ avatar: `data:image/png;base64,${'A'.repeat(40_000)}` });
    const post = (headers: Record<string, string>) =>
      request(srv.port, { method: 'POST', path: '/api/user/profile', body, headers });
    const visitor = await post({});
    expect(visitor.status).toBe(413);
    expect(visitor.body).toMatchObject({ code: 413, result: '提交的内容过大' });
    expect((await post({ authorization: 'Bearer not-a-session' })).status).toBe(413);
    expect((await post(user.headers)).status).not.toBe(413);
  });

  it('refuses a chunked body once it passes the limit', async () => {
    const s = await connect(srv.port, '127.0.0.3');
    const reply = firstReply(s);
    s.write(
      'POST /api/client-log HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    for (let i = 0; i < 3; i++) s.write(`2000\r\n${'x'.repeat(0x2000)}\r\n`);
    expect(await reply).toMatch(/^HTTP\/1\.1 413/);
    s.destroy();
  });
});

describe('connection caps', () => {
  it('sheds idle connections over the per-address cap while another address is served, and logs it', async () => {
    const flood = await Promise.all(range(40).map(() => connect(srv.port, '127.0.0.2')));
    const ends = flood.map(untilClosed);
    for (const s of flood) s.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    await closedCount(flood, 10);
    expect((await health()).status).toBe(200);
    expect(flood.filter((s) => !s.destroyed)).toHaveLength(30);
    expect(srv.lines).toContainEqual(expect.objectContaining({ msg: 'shedding connections', reason: 'address' }));
    // Unfinished headers run out of time; then the address is served again.
    await Promise.all(ends);
    expect((await health('127.0.0.2')).status).toBe(200);
  });

  it('at the total cap, makes room by dropping the oldest unfinished request, so health still answers', async () => {
    const flood: net.Socket[] = [];
    for (const from of ['127.0.0.4', '127.0.0.5', '127.0.0.6']) {
      flood.push(...(await Promise.all(range(30).map(() => connect(srv.port, from)))));
    }
    const ends = flood.map(untilClosed);
    for (const s of flood) s.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const firstDropped = closedCount(flood, 1);
    expect((await health('127.0.0.7')).status).toBe(200);
    await firstDropped;
    expect(flood.filter((s) => s.destroyed)).toEqual([flood[0]]);
    expect(srv.lines).toContainEqual(expect.objectContaining({ msg: 'shedding connections', reason: 'total' }));
    await Promise.all(ends);
  });
});

describe('what one account can store', () => {
  const message = (text: string) => ({ id: Math.random().toString(36).slice(2), dateTime: 1, text, inversion: true });
  const conversation = (messages = [message('hello')], deleted = false) => ({
    title: 't',
    systemPrompt: null,
    description: null,
    templateId: null,
    messages,
    deleted,
    changedAt: Date.now(),
  });

  it('caps conversations, message and conversation size, and sync rate; a refused write stores nothing', async () => {
    const user = await createUserWithToken(srv, 'hoarder@example.com');
    const put = (uuid: number, body: unknown, headers = user.headers) =>
      request(srv.port, {
        method: 'PUT',
        path: `/api/chat/conversations/${uuid}`,
        body: JSON.stringify(body),
        headers,
      });
    const get = (uuid: number) => request(srv.port, { path: `/api/chat/conversations/${uuid}`, headers: user.headers });

    for (const uuid of [1, 2, 3]) expect((await put(uuid, conversation())).body.data.applied).toBe(true);
    const fourth = await put(4, conversation());
    expect(fourth.status).toBe(403);
    expect(fourth.body.result).toBe('已同步的对话最多 3 个，请先删除一些旧对话');
    expect((await get(4)).status).toBe(404);
    expect((await put(1, conversation([], true))).body.data.applied).toBe(true);
    expect((await put(4, conversation())).body.data.applied).toBe(true);

    const bigMessage = await put(2, conversation([message('字'.repeat(400))]));
    expect(bigMessage.status).toBe(413);
    expect(bigMessage.body.result).toBe('单条消息过大（最多 1 KB），未能同步');
    const bigConversation = await put(2, conversation(range(6).map(() => message('x'.repeat(800)))));
    expect(bigConversation.status).toBe(413);
    expect(bigConversation.body.result).toBe('对话内容过大（最多 4 KB），未能同步');
    expect((await get(2)).body.data.messages.map((m: { text: string }) => m.text)).toEqual(['hello']);
    expect((await put(2, conversation(range(81).map(() => message('m'))))).status).toBe(400);

    const other = await createUserWithToken(srv, 'fast-sync@example.com');
    const answers = [];
    await clearOfWindowEdge(60_000);
    for (let i = 0; i < 13; i++) answers.push(await put(9, conversation(), other.headers));
    expect(answers.slice(0, 12).map((a) => a.status)).toEqual(range(12).map(() => 200));
    expect(answers[12]).toMatchObject({ status: 429, body: { code: 429, result: '同步过于频繁，请稍后再试' } });
  });

  it('keeps tombstones of deleted conversations to as many again as the cap, dropping the oldest', async () => {
    const user = await createUserWithToken(srv, 'tombstones@example.com');
    let at = Date.now();
    const put = async (uuid: number, deleted = false) => {
      const body = { ...conversation(deleted ? [] : undefined, deleted), changedAt: ++at };
      const res = await request(srv.port, {
        method: 'PUT',
        path: `/api/chat/conversations/${uuid}`,
        body: JSON.stringify(body),
        headers: user.headers,
      });
      expect(res.body.data.applied).toBe(true);
    };
    for (const uuid of [1, 2, 3]) await put(uuid);
    for (const uuid of [1, 2, 3]) await put(uuid, true);
    for (const uuid of [4, 5, 6]) await put(uuid);
    await put(4, true);
    await put(7);
    const list = await request(srv.port, { path: '/api/chat/conversations', headers: user.headers });
    const uuids = list.body.data.records.map((r: { uuid: number }) => r.uuid).sort();
    expect(uuids).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('limits browser error reports per address', async () => {
    const report = (from: string) =>
      request(srv.port, {
        method: 'POST',
        path: '/api/client-log',
        body: JSON.stringify({ level: 'warn', message: 'm', url: '/' }),
        from,
      });
    for (let i = 0; i < 3; i++) expect((await report('127.0.0.8')).status).toBe(200);
    const refused = await report('127.0.0.8');
    expect(refused).toMatchObject({ status: 429, body: { code: 429, result: '操作太频繁，请稍后再试' } });
    expect((await report('127.0.0.9')).status).toBe(200);
  });
});

describe('chat quota under parallel requests', () => {
  it('counts what was answered: 20 parallel chats with 8 free give 8 answers and used 8', async () => {
    const user = await createUserWithToken(srv, 'parallel-chat@example.com');
    const answers = await Promise.all(
      range(20).map(() =>
        request(srv.port, {
          method: 'POST',
          path: '/api/chat/process',
          body: JSON.stringify({ prompt: 'hello' }),
          headers: user.headers,
        }),
      ),
    );
    const answered = answers.filter((a) => a.status === 200 && String(a.body).includes('event: done'));
    expect(answered).toHaveLength(8);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12);
    const quota = await request(srv.port, { path: '/api/chat/quota', headers: user.headers });
    expect(quota.body.data).toMatchObject({ limit: 8, used: 8, remaining: 0 });
  });
});
