import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareView } from '../../../src/server/services/chat/share-view';
import { readShare } from '../../../src/server/services/chat/shares';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';

const answer = {
  id: 'a1',
  dateTime: 2,
  inversion: false,
  text: 'Cats sleep a lot [1], about fifteen hours [2]. Not [7], nor `code [1]`.',
  citations: [
    {
      n: 1,
      kind: 'knowledge',
      title: 'cats.pdf',
      text: 'Cats sleep twelve to sixteen hours.',
      baseId: 7,
      fileId: 70,
      page: 3,
    },
    {
      n: 2,
      kind: 'web',
      title: 'Sleep of cats',
      text: 'Domestic cats sleep fifteen hours.',
      url: 'https://example.org/cats',
      site: 'example.org',
    },
  ],
  tools: [{ id: 'call_1', name: 'now', input: '{}', output: '2026-11-29 20:38 (Asia/Shanghai)', ok: true, ms: 3 }],
};
const conversation = (changedAt: number, messages: object[]) => ({
  title: 'Cats',
  systemPrompt: null,
  description: null,
  templateId: null,
  messages,
  changedAt,
});

describe('citations and tool steps kept on answers', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  it('are synced with the conversation as the browser stored them', async () => {
    const user = await createUserWithToken(srv, 'cite-sync@example.com');
    const messages = [{ id: 'q1', dateTime: 1, inversion: true, text: 'How long do cats sleep?' }, answer];
    const put = await srv.call('PUT', '/api/chat/conversations/1002', conversation(1000, messages), user.headers);
    expect(put.body.data.applied).toBe(true);
    const got = await srv.call('GET', '/api/chat/conversations/1002', undefined, user.headers);
    expect(got.body.data.messages[1]).toEqual(answer);
  });

  it('refuses a citation outside the contract, changing nothing', async () => {
    const user = await createUserWithToken(srv, 'cite-bad@example.com');
    const bad = { ...answer, citations: [{ ...answer.citations[0], n: 0 }] };
    const put = await srv.call('PUT', '/api/chat/conversations/1002', conversation(1000, [bad]), user.headers);
    expect(put.status).toBe(400);
    expect((await srv.call('GET', '/api/chat/conversations/1002', undefined, user.headers)).status).toBe(404);
  });

  it('are listed on the shared page, the [n] markers linking to them; only http(s) addresses become links', async () => {
    const owner = await createUserWithToken(srv, 'cite-share@example.com');
    const risky = {
      ...answer,
      citations: [answer.citations[0], { ...answer.citations[1], url: 'javascript:alert(1)' }],
    };
    const made = await srv.call(
      'POST',
      '/api/chat/shares',
      {
        conversationUuid: 1002,
        title: 'Cats',
        messages: [{ id: 'q1', dateTime: 1, inversion: true, text: 'Cats?' }, risky],
      },
      owner.headers,
    );
    expect(made.body.code).toBe(200);
    const state = await readShare(srv.runtime.database.db, made.body.data.id);
    if (state.kind !== 'live') throw new Error(state.kind);
    const shown = shareView(state.share, { copyCode: 'copy' }).messages[1];
    expect(shown?.html).toContain('<a href="#cite-a1-1">[1]</a>');
    expect(shown?.html).toContain('<a href="#cite-a1-2">[2]</a>');
    // A number the answer was not given, and one inside code, stay text.
    expect(shown?.html).toContain('Not [7]');
    expect(shown?.html).toContain('<code>code [1]</code>');
    expect(shown?.citations.map((c) => [c.n, c.anchor, c.url])).toEqual([
      [1, 'cite-a1-1', undefined],
      [2, 'cite-a1-2', undefined],
    ]);
    // The answer's tool steps are shown beside its sources; a question has none.
    expect(shown?.tools).toEqual(answer.tools);
    expect(shareView(state.share, { copyCode: 'copy' }).messages[0]?.tools).toEqual([]);
  });

  it("refuses a share whose tool step holds a word of the moderation list (the page shows the steps' texts)", async () => {
    const owner = await createUserWithToken(srv, 'cite-share-word@example.com');
    const tools = [{ ...answer.tools[0], output: 'free porn here' }];
    const made = await srv.call(
      'POST',
      '/api/chat/shares',
      { conversationUuid: 1003, title: 'Cats', messages: [{ ...answer, tools }] },
      owner.headers,
    );
    expect(made.status).toBe(400);
    expect((await srv.call('GET', '/api/chat/shares', undefined, owner.headers)).body.data.records).toEqual([]);
  });
});
