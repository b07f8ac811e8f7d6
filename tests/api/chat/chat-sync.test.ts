import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';

describe('conversation sync', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  const conv = (changedAt: number, title = 'Trip plan') => ({
    title,
    systemPrompt: null,
    description: null,
    templateId: null,
    messages: [{ id: 'm1', dateTime: changedAt, text: 'hello', inversion: true }],
    changedAt,
  });

  it('keeps the latest change per conversation, tombstones deletions, and separates users', async () => {
    const a = await createUserWithToken(srv, 'sync-a@example.com');
    const b = await createUserWithToken(srv, 'sync-b@example.com');
    expect((await srv.call('GET', '/api/chat/conversations')).body.code).toBe(1000001);

    expect((await srv.call('PUT', '/api/chat/conversations/1002', conv(2000), a.headers)).body.data).toEqual({
      applied: true,
      changedAt: 2000,
    });
    const older = await srv.call('PUT', '/api/chat/conversations/1002', conv(1000, 'old'), a.headers);
    expect(older.body.data).toEqual({ applied: false, changedAt: 2000 });
    // Exactly the stored conversation, nothing of the row beside it (its search text, owner, row id).
    expect((await srv.call('GET', '/api/chat/conversations/1002', undefined, a.headers)).body.data).toEqual({
      uuid: 1002,
      ...conv(2000),
      deleted: false,
    });
    expect((await srv.call('GET', '/api/chat/conversations/1002', undefined, b.headers)).status).toBe(404);

    await srv.call('PUT', '/api/chat/conversations/1700000000000', conv(3000, 'Second'), a.headers);
    await srv.call('PUT', '/api/chat/conversations/1002', { ...conv(4000), deleted: true }, a.headers);
    const list = await srv.call('GET', '/api/chat/conversations', undefined, a.headers);
    expect(list.body.data.records).toEqual([
      { uuid: 1002, title: 'Trip plan', changedAt: 4000, deleted: true },
      { uuid: 1700000000000, title: 'Second', changedAt: 3000, deleted: false },
    ]);
    expect((await srv.call('GET', '/api/chat/conversations/1002', undefined, a.headers)).body.data.messages).toEqual(
      [],
    );
    expect((await srv.call('GET', '/api/chat/conversations', undefined, b.headers)).body.data.records).toEqual([]);
  });
});
