import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerChannel } from '../../../src/server/db/queries/push-channels';
import { createSession } from '../../../src/server/db/queries/sessions';
import { users } from '../../../src/server/db/schema';
import { startTestServer, type TestServer } from '../helpers';
import { isConnected, openSocket, spawnServerProcess } from '../socket-helpers';

let srv: TestServer;
let aliceToken: string;
let bobToken: string;
let aliceId: number;

beforeAll(async () => {
  srv = await startTestServer();
  const { db } = srv.runtime.database;
  const [alice, bob] = await db
    .insert(users)
    .values([{ email: 'alice@example.com' }, { email: 'bob@example.com' }])
    .returning();
  aliceId = alice.id;
  aliceToken = await createSession(db, { userId: alice.id });
  bobToken = await createSession(db, { userId: bob.id });
  await registerChannel(db, { taskId: 'ORD20261121A1', userId: alice.id, kind: 'order' });
});
afterAll(() => srv?.dispose());

describe('push socket', () => {
  it('says connected, answers the heartbeat and delivers published messages', async () => {
    const s = await openSocket(srv.url, { taskId: 'a1b2c3d4e5f60718' });
    await s.next(isConnected);
    s.ws.send('ping');
    expect(await s.next((m) => m === 'pong')).toBe('pong');
    await srv.runtime.hub.publish('a1b2c3d4e5f60718', { code: 1000000, data: { openId: 'o-1' } });
    expect(await s.next((m) => (m as { code: number }).code === 1000000)).toEqual({
      code: 1000000,
      data: { openId: 'o-1' },
    });
    s.ws.close();
  });

  it("does not deliver another task's messages", async () => {
    const s = await openSocket(srv.url, { taskId: 'task-one' });
    await s.next(isConnected);
    await srv.runtime.hub.publish('task-two', { code: 1 });
    await srv.runtime.hub.publish('task-one', { code: 2 });
    await s.next((m) => (m as { code: number }).code === 2);
    expect(s.messages).not.toContainEqual({ code: 1 });
    s.ws.close();
  });

  it('refuses a missing or malformed taskId with 4400', async () => {
    const none = await openSocket(srv.url, {});
    expect((await none.closed).code).toBe(4400);
    const bad = await openSocket(srv.url, { taskId: '../../etc' });
    expect((await bad.closed).code).toBe(4400);
  });

  it("closes a private task socket without its owner's token, and delivers to the owner only", async () => {
    const anonymous = await openSocket(srv.url, { taskId: 'ORD20261121A1' });
    expect(await anonymous.closed).toMatchObject({ code: 4403 });
    expect(anonymous.messages).toEqual([]);

    const bob = await openSocket(srv.url, { taskId: 'ORD20261121A1', token: bobToken });
    expect((await bob.closed).code).toBe(4403);
    expect(bob.messages).toEqual([]);

    const forged = await openSocket(srv.url, { taskId: 'ORD20261121A1', token: 'x'.repeat(43) });
    expect((await forged.closed).code).toBe(4403);

    const alice = await openSocket(srv.url, { taskId: 'ORD20261121A1', token: aliceToken });
    await alice.next(isConnected);
    await srv.runtime.hub.publish('ORD20261121A1', { code: 1000000, data: { orderStatus: 1 } }, { userId: aliceId });
    expect(await alice.next((m) => (m as { code: number }).code === 1000000)).toMatchObject({
      data: { orderStatus: 1 },
    });
    alice.ws.close();
  });

  it('never delivers a message addressed to another user', async () => {
    // A public taskId whose message names an owner: sockets of other users (or none) get nothing.
    const s = await openSocket(srv.url, { taskId: 'shared-task', token: bobToken });
    await s.next(isConnected);
    await srv.runtime.hub.publish('shared-task', { code: 7 }, { userId: aliceId });
    await srv.runtime.hub.publish('shared-task', { code: 8 });
    await s.next((m) => (m as { code: number }).code === 8);
    expect(s.messages).not.toContainEqual({ code: 7 });
    s.ws.close();
  });

  it('keeps what is published while the owner check runs, and delivers it after connected', async () => {
    for (let i = 0; i < 5; i++) {
      const s = await openSocket(srv.url, { taskId: 'ORD20261121A1', token: aliceToken });
      // Published at once on open, racing the server's database check of the token.
      await srv.runtime.hub.publish('ORD20261121A1', { code: 1000000, data: { n: i } }, { userId: aliceId });
      await s.next((m) => (m as { data?: { n: number } }).data?.n === i);
      expect(s.messages[0]).toEqual({ code: 100000502 });
      s.ws.close();
    }
    const stranger = await openSocket(srv.url, { taskId: 'ORD20261121A1', token: bobToken });
    await srv.runtime.hub.publish('ORD20261121A1', { code: 1000000, data: { n: 'secret' } });
    expect((await stranger.closed).code).toBe(4403);
    expect(stranger.messages).toEqual([]);
  });

  it('counts connections and drops closed ones', async () => {
    // Earlier tests close their sockets without waiting for the server to see it.
    await expect.poll(() => srv.runtime.hub.connections()).toBe(0);
    const s = await openSocket(srv.url, { taskId: 'count-me' });
    await s.next(isConnected);
    expect(srv.runtime.hub.connections()).toBe(1);
    s.ws.close();
    await s.closed;
    await expect.poll(() => srv.runtime.hub.connections()).toBe(0);
  });
});

describe.runIf(inject('postgresUrl'))('push across server processes (PostgreSQL)', () => {
  it('delivers a message published by one process to a socket held by another', async () => {
    const other = await spawnServerProcess({
      DATABASE_URL: String(srv.runtime.env.DATABASE_URL),
      DATA_DIR: srv.runtime.env.DATA_DIR,
    });
    try {
      const s = await openSocket(other.url, { taskId: 'ORD20261121A1', token: aliceToken });
      await s.next(isConnected);
      await srv.runtime.hub.publish(
        'ORD20261121A1',
        { code: 1000000, data: { orderStatus: 1, orderDesc: '月度会员' } },
        { userId: aliceId },
      );
      expect(await s.next((m) => (m as { code: number }).code === 1000000)).toMatchObject({
        data: { orderDesc: '月度会员' },
      });

      const stranger = await openSocket(other.url, { taskId: 'ORD20261121A1', token: bobToken });
      expect((await stranger.closed).code).toBe(4403);
      s.ws.close();
    } finally {
      await other.stop();
    }
  });
});
