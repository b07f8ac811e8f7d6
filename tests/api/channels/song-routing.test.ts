import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songs } from '../../../src/server/db/schema';
import { createUserWithToken, type TestServer } from '../helpers';
import { startFakeSuno } from '../music/fake-suno';
import { inspiration, startMusicServer, waitForSong } from '../music/music-helpers';
import { addChannel, keyRow, ledgerRow } from './routing-helpers';

describe('songs through a suno-api channel', () => {
  let suno: Awaited<ReturnType<typeof startFakeSuno>>;
  let srv: TestServer;
  let dead: { id: number; keyIds: number[] };
  let channel: { id: number; keyIds: number[] };
  beforeAll(async () => {
    suno = await startFakeSuno();
    // The environment has no music service: without the channel, the offline composer would answer.
    srv = await startMusicServer();
    const music = {
      kind: 'music',
      flavour: 'suno-api',
      models: [{ id: 'chirp-v3-5', price: { perSong: 700_000 } }],
    } as const;
    dead = await addChannel(srv, {
      ...music,
      name: 'dead',
      baseUrl: 'http://127.0.0.1:9',
      priority: 5,
      keys: ['sk-dead-suno'],
    });
    channel = await addChannel(srv, { ...music, name: 'suno', baseUrl: suno.url, keys: ['sk-suno-channel'] });
  });
  afterAll(async () => {
    await srv?.dispose();
    await suno?.close();
  });

  it('fails over from an unreachable channel, composes on the suno channel with its key and records the cost', async () => {
    const u = await createUserWithToken(srv, 'route-suno@example.com');
    const res = await srv.call('POST', '/api/music/submit', inspiration('rainy city pop'), u.headers);
    const id = res.body.data.id as string;
    const song = await waitForSong(srv, id, u.headers);
    expect(song).toMatchObject({ status: 10, title: 'Suno Song' });
    const generate = suno.calls.find((c) => c.path === '/api/generate');
    expect(generate?.authorization).toBe('Bearer sk-suno-channel');
    expect(generate?.body).toMatchObject({ prompt: 'rainy city pop', model: 'chirp-v3-5' });
    const [row] = await srv.runtime.database.db.select().from(songs).where(eq(songs.taskId, id));
    expect(row).toMatchObject({ channelId: channel.id, provider: 'suno', providerRef: 'clip-1' });
    expect((await keyRow(srv, dead.keyIds[0] as number)).failures).toBe(1);
    expect(await ledgerRow(srv, 'song', id)).toMatchObject({
      userId: u.id,
      model: 'chirp-v3-5',
      channelId: channel.id,
      provider: 'suno',
      tokenSource: 'none',
      costMicros: 700_000,
      outcome: 'ok',
    });
  });

  it('a song the upstream took and then failed is recorded as failed, at its price', async () => {
    const u = await createUserWithToken(srv, 'route-suno2@example.com');
    const res = await srv.call('POST', '/api/music/submit', inspiration('FAIL on purpose'), u.headers);
    const id = res.body.data.id as string;
    expect((await waitForSong(srv, id, u.headers)).status).toBe(11);
    expect(await ledgerRow(srv, 'song', id)).toMatchObject({
      outcome: 'failed',
      channelId: channel.id,
      costMicros: 700_000,
    });
  });
});
