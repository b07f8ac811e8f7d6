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

  it('applies a replayed change once: a deletion sent twice, an old rename after a newer change, change nothing', async () => {
    const u = await createUserWithToken(srv, 'sync-replay@example.com');
    const put = (uuid: number, body: object) => srv.call('PUT', `/api/chat/conversations/${uuid}`, body, u.headers);
    const one = async (uuid: number) =>
      (await srv.call('GET', `/api/chat/conversations/${uuid}`, undefined, u.headers)).body.data;

    await put(1, conv(1000));
    const deletion = { ...conv(2000), deleted: true };
    expect((await put(1, deletion)).body.data).toEqual({ applied: true, changedAt: 2000 });
    expect((await put(1, deletion)).body.data).toEqual({ applied: false, changedAt: 2000 });
    // The rename made before the deletion, arriving after it (a closed page's outbox): still deleted.
    expect((await put(1, conv(1500, 'Renamed before deleting'))).body.data).toEqual({
      applied: false,
      changedAt: 2000,
    });
    expect(await one(1)).toMatchObject({ deleted: true, title: 'Trip plan', messages: [], changedAt: 2000 });

    await put(2, conv(1000, 'First name'));
    await put(2, conv(3000, 'Newest name'));
    expect((await put(2, conv(2000, 'Older rename'))).body.data).toEqual({ applied: false, changedAt: 3000 });
    expect((await put(2, conv(3000, 'Newest name'))).body.data).toEqual({ applied: false, changedAt: 3000 });
    expect(await one(2)).toMatchObject({ deleted: false, title: 'Newest name', changedAt: 3000 });
    const list = (await srv.call('GET', '/api/chat/conversations', undefined, u.headers)).body.data.records;
    expect(list).toEqual([
      { uuid: 2, title: 'Newest name', changedAt: 3000, deleted: false },
      { uuid: 1, title: 'Trip plan', changedAt: 2000, deleted: true },
    ]);
  });
});
