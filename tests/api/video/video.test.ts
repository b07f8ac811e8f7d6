import { eq } from 'drizzle-orm';
import { createFile, type Movie, MP4BoxBuffer } from 'mp4box';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationLogs, videos } from '../../../src/server/db/schema';
import { readXmp } from '../../../src/server/providers/video/mp4-xmp';
import { book, openAccount } from '../../../src/server/services/credits/book';
import { setRates } from '../credits/credits-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { openSocket } from '../socket-helpers';
import { VIDEO_TEST_ENV, waitForVideo } from './video-helpers';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ ...VIDEO_TEST_ENV, VIDEO_FREE_DAILY: '2' });
});
afterAll(() => srv?.dispose());

const submit = (headers: Record<string, string>, body: Record<string, unknown>) =>
  srv.call('POST', '/api/video/submit', body, headers);

function movieOf(bytes: Buffer): Movie {
  const file = createFile();
  let info: Movie | null = null;
  file.onReady = (i) => {
    info = i;
  };
  file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(new Uint8Array(bytes).buffer, 0));
  file.flush();
  if (!info) throw new Error('no movie');
  return info;
}

describe('video tasks', () => {
  it('queues a video, pushes its progress to its owner and ends with a labelled MP4, cover and thumbnail', async () => {
    const u = await createUserWithToken(srv, 'maker@example.com');
    const res = await submit(u.headers, { prompt: '海边的日落，海鸥飞过', duration: 5, aspect: '9:16' });
    expect(res.body).toMatchObject({ code: 1000000, data: { status: 1, mode: 'text', aspect: '9:16', mine: true } });
    const id: string = res.body.data.id;
    const socket = await openSocket(srv.url, { taskId: id, token: u.token });
    const done = await waitForVideo(srv, id, u.headers);
    await socket.next((m) => (m as { data?: { status?: number } }).data?.status === 10, 10_000);
    const pushed = socket.messages.flatMap((m) => {
      const d = (m as { data?: { id?: string; progress?: number } }).data;
      return d?.id === id ? [d.progress ?? 0] : [];
    });
    socket.ws.close();
    expect(pushed.some((p) => p > 1 && p < 100)).toBe(true);
    expect(done).toMatchObject({ status: 10, progress: 100, width: 64, height: 112, seconds: 1, label: 'AI生成' });

    const file = await fetch(srv.url + done.videoUrl);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    const mp4 = Buffer.from(await file.arrayBuffer());
    const movie = movieOf(mp4);
    expect(movie.videoTracks[0]?.codec).toMatch(/^avc1\./);
    expect(readXmp(mp4)).toContain(`"ProduceID":"${id}"`);
    const cover = await sharp(Buffer.from(await (await fetch(srv.url + done.coverUrl)).arrayBuffer())).metadata();
    const thumb = await sharp(Buffer.from(await (await fetch(srv.url + done.thumbUrl)).arrayBuffer())).metadata();
    expect([cover.format, cover.width, cover.height]).toEqual(['jpeg', 64, 112]);
    expect(thumb.format).toBe('webp');
    const logged = await srv.runtime.database.db.select().from(generationLogs).where(eq(generationLogs.outputRef, id));
    expect(logged).toMatchObject([{ kind: 'video', prompt: '海边的日落，海鸥飞过' }]);
  }, 60_000);

  it('animates a reference picture, and refuses one that is no picture, translated and with nothing taken', async () => {
    const u = await createUserWithToken(srv, 'picture@example.com');
    const bad = await submit(u.headers, {
      prompt: '让它动起来',
      image: Buffer.from('not a picture').toString('base64'),
    });
    expect(bad.status).toBe(200);
    expect(bad.body.code).toBe(400);
    expect(bad.body.result).toMatch(/图/);
    const quota = (await srv.call('GET', '/api/video/quota', undefined, u.headers)).body.data;
    expect(quota).toMatchObject({ freeLimit: 2, freeUsed: 0 });
    const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const res = await submit(u.headers, { prompt: '让它动起来', aspect: '1:1', image: png.toString('base64') });
    expect(res.body.data).toMatchObject({ mode: 'image', aspect: '1:1' });
    expect(res.body.data.referenceUrl).toMatch(/^\/files\/videos\/ref\/[a-f0-9]+\.png\?/);
    const done = await waitForVideo(srv, res.body.data.id, u.headers);
    expect(done.status).toBe(10);
    // The clip's middle frame is mostly the picture's red.
    const { data } = await sharp(Buffer.from(await (await fetch(srv.url + done.coverUrl)).arrayBuffer()))
      .resize(1, 1)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan((data[1] ?? 0) + 60);
  }, 60_000);

  it('refuses bad durations, shapes and empty prompts with translated field errors', async () => {
    const u = await createUserWithToken(srv, 'fields@example.com');
    const duration = await srv.call(
      'POST',
      '/api/video/submit',
      { prompt: 'x', duration: 7 },
      { ...u.headers, 'accept-language': 'en-US', cookie: 'lang=en-US' },
    );
    expect(duration.status).toBe(400);
    expect(JSON.stringify(duration.body)).toMatch(/5 or 10 seconds|5 秒或 10 秒/);
    const aspect = await submit(u.headers, { prompt: 'x', aspect: '4:3' });
    expect(aspect.status).toBe(400);
    expect(JSON.stringify(aspect.body)).toMatch(/16:9/);
    expect((await submit(u.headers, { prompt: '   ' })).status).toBe(400);
    const rows = await srv.runtime.database.db.select().from(videos).where(eq(videos.userId, u.id));
    expect(rows).toHaveLength(0);
  });

  it('takes the free videos of the day, then credits when priced, and refuses past both', async () => {
    const u = await createUserWithToken(srv, 'quota@example.com');
    const db = srv.runtime.database.db;
    for (let i = 0; i < 2; i++) expect((await submit(u.headers, { prompt: `第 ${i} 个` })).body.code).toBe(1000000);
    const none = await submit(u.headers, { prompt: '第三个' });
    expect(none.body).toMatchObject({ code: 429, data: { quota: { freeLeft: 0, price: 0 } } });
    await setRates(srv, { video: 5 });
    await db.transaction(async (tx) => {
      await openAccount(tx as never, u.id);
      await book(tx as never, { userId: u.id, reason: 'adjust', ref: 'video-test', amount: 7 });
    });
    const paid = await submit(u.headers, { prompt: '用积分的一个' });
    expect(paid.body.code).toBe(1000000);
    const [row] = await db.select().from(videos).where(eq(videos.taskId, paid.body.data.id));
    expect(row?.charge).toBe('credits');
    expect((await submit(u.headers, { prompt: '积分不够了' })).body.code).toBe(429);
    await setRates(srv, {});
    await waitForVideo(srv, paid.body.data.id, u.headers);
  }, 60_000);

  it("keeps a video's task and private files to its owner; public ones to anyone", async () => {
    const owner = await createUserWithToken(srv, 'owner@example.com');
    const other = await createUserWithToken(srv, 'other@example.com');
    const id = (await submit(owner.headers, { prompt: '森林里的萤火虫' })).body.data.id;
    const done = await waitForVideo(srv, id, owner.headers);
    const bare = (url: string) => url.split('?')[0] as string;
    expect((await srv.call('GET', `/api/video/detail?id=${id}`, undefined, other.headers)).status).toBe(404);
    expect((await srv.call('GET', `/api/video/detail?id=${id}`)).status).toBe(404);
    for (const body of [{ id }, { id, isPublic: true }])
      expect(
        (await srv.call('POST', body.isPublic ? '/api/video/visibility' : '/api/video/delete', body, other.headers))
          .status,
      ).toBe(404);
    expect((await fetch(srv.url + bare(done.videoUrl))).status).toBe(404);
    expect((await fetch(srv.url + done.videoUrl)).status).toBe(200);
    const socket = await openSocket(srv.url, { taskId: id, token: other.token });
    const closed = await Promise.race([socket.closed, new Promise((r) => setTimeout(() => r('open'), 1500))]);
    expect(closed).not.toBe('open');

    const published = await srv.call('POST', '/api/video/visibility', { id, isPublic: true }, owner.headers);
    expect(published.body.data.isPublic).toBe(true);
    expect((await fetch(srv.url + bare(done.videoUrl))).status).toBe(200);
    const list = (await srv.call('POST', '/api/video/list/public', { pageNum: 1, pageSize: 10 })).body.data;
    expect(list.records.map((v: { id: string }) => v.id)).toContain(id);
    expect(list.records[0].referenceUrl).toBeNull();

    expect((await srv.call('POST', '/api/video/delete', { id }, owner.headers)).body.code).toBe(1000400);
    expect((await fetch(srv.url + bare(done.videoUrl))).status).toBe(404);
    expect((await srv.call('GET', `/api/video/detail?id=${id}`, undefined, owner.headers)).status).toBe(404);
  }, 60_000);

  it('retries a failed video as a new task, refunding the failed one', async () => {
    const u = await createUserWithToken(srv, 'retry@example.com');
    const db = srv.runtime.database.db;
    await srv.runtime.jobs.video.stop();
    const id = (await submit(u.headers, { prompt: '会失败的一个' })).body.data.id;
    expect((await srv.call('POST', '/api/video/retry', { id }, u.headers)).body.code).toBe(400);
    await db
      .update(videos)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(videos.taskId, id));
    srv.runtime.jobs.video.start();
    expect((await waitForVideo(srv, id, u.headers)).status).toBe(11);
    const quota = (await srv.call('GET', '/api/video/quota', undefined, u.headers)).body.data;
    expect(quota.freeUsed).toBe(0);
    const again = await srv.call('POST', '/api/video/retry', { id }, u.headers);
    expect(again.body.data).toMatchObject({ prompt: '会失败的一个', status: 1 });
    expect(again.body.data.id).not.toBe(id);
    expect((await srv.call('GET', `/api/video/detail?id=${id}`, undefined, u.headers)).status).toBe(404);
    expect((await waitForVideo(srv, again.body.data.id, u.headers)).status).toBe(10);
  }, 60_000);
});
