import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../../src/server/db/schema';
import { readXmp } from '../../../src/server/providers/video/mp4-xmp';
import { FAKE_KEYS, startFakeVideoApis, TINY_MP4 } from '../../fixtures/fake-video-apis';
import { addChannel, ledgerRow } from '../channels/routing-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { VIDEO_TEST_ENV, waitForVideo } from './video-helpers';

describe('videos through a console video channel', () => {
  let fake: Awaited<ReturnType<typeof startFakeVideoApis>>;
  let srv: TestServer;
  let channel: { id: number; keyIds: number[] };
  beforeAll(async () => {
    fake = await startFakeVideoApis();
    srv = await startTestServer({ ...VIDEO_TEST_ENV, VIDEO_FREE_DAILY: '5' });
    channel = await addChannel(srv, {
      kind: 'video',
      flavour: 'kling',
      name: 'kling',
      baseUrl: fake.url,
      models: [{ id: 'kling-v1-6', price: { perVideo: 1_500_000 } }],
      keys: [FAKE_KEYS.kling],
    });
  });
  afterAll(async () => {
    await srv?.dispose();
    await fake?.close();
  });

  it('makes the video on the channel, re-hosts it with the implicit label and records its cost', async () => {
    const u = await createUserWithToken(srv, 'kling@example.com');
    const res = await srv.call('POST', '/api/video/submit', { prompt: '雨中的霓虹街道', aspect: '1:1' }, u.headers);
    const id: string = res.body.data.id;
    const done = await waitForVideo(srv, id, u.headers);
    expect(done).toMatchObject({ status: 10, provider: 'kling', coverUrl: null });
    const submit = fake.calls.find((c) => c.api === 'kling' && c.method === 'POST');
    expect(submit?.body).toMatchObject({
      prompt: '雨中的霓虹街道',
      model_name: 'kling-v1-6',
      aspect_ratio: '1:1',
      duration: '5',
    });
    const [row] = await srv.runtime.database.db.select().from(videos).where(eq(videos.taskId, id));
    expect(row).toMatchObject({
      channelId: channel.id,
      provider: 'kling',
      providerRef: expect.stringMatching(/^text2video\//),
    });
    const file = Buffer.from(await (await fetch(srv.url + done.videoUrl)).arrayBuffer());
    // Ours now: the upstream's boxes as they were, then the XMP box.
    expect(file.subarray(0, TINY_MP4.length).equals(TINY_MP4)).toBe(true);
    expect(readXmp(file)).toContain(`"ProduceID":"${id}"`);
    expect(await ledgerRow(srv, 'video', id)).toMatchObject({
      model: 'kling-v1-6',
      channelId: channel.id,
      costMicros: 1_500_000,
      outcome: 'ok',
    });
  });

  it('a video the upstream fails is failed with its reason and refunded', async () => {
    const u = await createUserWithToken(srv, 'kling-fail@example.com');
    const res = await srv.call('POST', '/api/video/submit', { prompt: 'FAIL 这个不行' }, u.headers);
    const done = await waitForVideo(srv, res.body.data.id, u.headers);
    expect(done.status).toBe(11);
    expect(done.error).toContain('content refused');
    const quota = (await srv.call('GET', '/api/video/quota', undefined, u.headers)).body.data;
    expect(quota.freeUsed).toBe(0);
  });
});
