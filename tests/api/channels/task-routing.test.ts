import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawings } from '../../../src/server/db/schema';
import { startDrawServer, submit, waitForStatus } from '../drawing/draw-helpers';
import { startFakeMidjourney } from '../drawing/fake-midjourney';
import { createUserWithToken, type TestServer } from '../helpers';
import { startFakeMjPlus } from './fake-mj-plus';
import { addChannel, keyRow, ledgerRow } from './routing-helpers';

async function drawingRow(srv: TestServer, taskId: string) {
  const [row] = await srv.runtime.database.db.select().from(drawings).where(eq(drawings.taskId, taskId));
  return row;
}

/** The notifyHook must reach this server: its real address. */
const useRealOrigin = (srv: TestServer) => {
  (srv.runtime.env as { PUBLIC_ORIGIN: string }).PUBLIC_ORIGIN = srv.url;
};

describe('drawings through a midjourney-proxy channel', () => {
  let mj: Awaited<ReturnType<typeof startFakeMidjourney>>;
  let srv: TestServer;
  let ids: { dead: { id: number; keyIds: number[] }; mj: { id: number; keyIds: number[] } };
  beforeAll(async () => {
    mj = await startFakeMidjourney('mj-channel-key');
    srv = await startDrawServer();
    useRealOrigin(srv);
    const image = { kind: 'image', models: [{ id: 'midjourney', price: { perImage: 250_000 } }] } as const;
    ids = {
      // Nothing listens on port 9: the connection error moves the task on to the next channel.
      dead: await addChannel(srv, {
        ...image,
        flavour: 'midjourney-proxy',
        name: 'dead',
        baseUrl: 'http://127.0.0.1:9',
        priority: 9,
        keys: ['dead-key-1'],
      }),
      mj: await addChannel(srv, {
        ...image,
        flavour: 'midjourney-proxy',
        name: 'mj',
        baseUrl: mj.url,
        keys: ['mj-channel-key'],
      }),
    };
  });
  afterAll(async () => {
    await srv?.dispose();
    await mj?.close();
  });

  it('fails over from an unreachable channel, completes on the next, remembers the channel and writes a priced ledger row', async () => {
    const u = await createUserWithToken(srv, 'route-mj@example.com');
    const task = await submit(srv, u.headers, { prompt: 'a harbour at dawn' });
    expect((await waitForStatus(srv, u.headers, task.id)).status).toBe(10);
    expect(mj.submits).toHaveLength(1);
    expect(await drawingRow(srv, task.id)).toMatchObject({ channelId: ids.mj.id, provider: 'midjourney-proxy' });
    const dead = await keyRow(srv, ids.dead.keyIds[0] as number);
    expect(dead.failures).toBe(1);
    expect(dead.lastError).toMatch(/failed/);
    await expect.poll(async () => (await keyRow(srv, ids.mj.keyIds[0] as number)).lastOkAt).toBeInstanceOf(Date);
    expect(await ledgerRow(srv, 'drawing', task.id)).toMatchObject({
      userId: u.id,
      model: 'midjourney',
      channelId: ids.mj.id,
      provider: 'midjourney-proxy',
      tokenSource: 'none',
      costMicros: 250_000,
      outcome: 'ok',
    });
  });

  it('a drawing the upstream took and then failed is charged; one refused before it was taken is not', async () => {
    const u = await createUserWithToken(srv, 'route-mj2@example.com');
    const failing = await submit(srv, u.headers, { prompt: 'this will fail' });
    expect((await waitForStatus(srv, u.headers, failing.id)).status).toBe(11);
    expect(await ledgerRow(srv, 'drawing', failing.id)).toMatchObject({
      outcome: 'failed',
      costMicros: 250_000,
      channelId: ids.mj.id,
    });
    const banned = await submit(srv, u.headers, { prompt: 'banned words here' });
    expect((await waitForStatus(srv, u.headers, banned.id)).status).toBe(12);
    expect(await ledgerRow(srv, 'drawing', banned.id)).toMatchObject({ outcome: 'failed', costMicros: 0 });
  });

  it('a task resumed after a restart polls the channel that took it instead of submitting again', async () => {
    const u = await createUserWithToken(srv, 'route-mj3@example.com');
    const first = await fetch(`${mj.url}/mj/submit/imagine`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mj-api-secret': mj.secret },
      body: JSON.stringify({ prompt: 'resumed lighthouse', state: 'dresumed1' }),
    });
    const upstreamId = String((await first.json()).result);
    const submits = mj.submits.length;
    // As a process that died mid-drawing left it: drawing, its upstream id and channel saved, lease expired.
    await srv.runtime.database.db.insert(drawings).values({
      taskId: 'dresumed1',
      userId: u.id,
      prompt: 'resumed lighthouse',
      drawRate: '1:1',
      drawQuality: 1,
      drawSteps: 20,
      seed: 1,
      publicFlag: 2,
      status: 2,
      provider: 'midjourney-proxy',
      providerTaskId: upstreamId,
      channelId: ids.mj.id,
      hookToken: 'resumed-hook-token',
      deadlineAt: new Date(Date.now() + 600_000),
    });
    srv.runtime.jobs.drawing.wake();
    expect((await waitForStatus(srv, u.headers, 'dresumed1')).status).toBe(10);
    expect(mj.submits).toHaveLength(submits);
    expect(mj.fetches).toContain(upstreamId);
    expect(await ledgerRow(srv, 'drawing', 'dresumed1')).toMatchObject({ channelId: ids.mj.id, costMicros: 250_000 });
  });
});

describe('drawings through an MJ-Plus channel', () => {
  let plus: Awaited<ReturnType<typeof startFakeMjPlus>>;
  let srv: TestServer;
  let channel: { id: number; keyIds: number[] };
  beforeAll(async () => {
    plus = await startFakeMjPlus('sk-plus-relay-key');
    srv = await startDrawServer();
    useRealOrigin(srv);
    channel = await addChannel(srv, {
      kind: 'image',
      flavour: 'mj-plus',
      name: 'plus',
      baseUrl: plus.url,
      models: [{ id: 'mj-plus-fast', price: { perImage: 400_000 } }],
      keys: ['sk-plus-relay-key'],
    });
  });
  afterAll(async () => {
    await srv?.dispose();
    await plus?.close();
  });

  it('submits with the bearer key, polls the numeric task id to SUCCESS and records the cost', async () => {
    const u = await createUserWithToken(srv, 'route-plus@example.com');
    const task = await submit(srv, u.headers, { prompt: 'a paper lantern' });
    const done = await waitForStatus(srv, u.headers, task.id);
    expect(done.status).toBe(10);
    expect(done.imageUrl).toMatch(/^\/files\/drawings\//);
    const [sent] = [...plus.tasks.values()];
    expect(sent?.body).toMatchObject({ botType: 'MID_JOURNEY', state: task.id });
    expect(await drawingRow(srv, task.id)).toMatchObject({
      channelId: channel.id,
      providerTaskId: expect.stringMatching(/^\d+$/),
    });
    expect(await ledgerRow(srv, 'drawing', task.id)).toMatchObject({
      model: 'mj-plus-fast',
      channelId: channel.id,
      costMicros: 400_000,
      outcome: 'ok',
    });
  });
});
