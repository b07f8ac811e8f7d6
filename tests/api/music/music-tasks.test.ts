import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songs, users } from '../../../src/server/db/schema';
import { claimSong, failOverdueSongs, failSong } from '../../../src/server/services/music/tasks';
import { createUserWithToken, type TestServer } from '../helpers';
import { openSocket } from '../socket-helpers';
import { inspiration, startMusicServer, waitForSong } from './music-helpers';

let srv: TestServer;
beforeAll(async () => {
  srv = await startMusicServer();
});
afterAll(() => srv?.dispose());

const db = () => srv.runtime.database.db;
const quota = async (headers: Record<string, string>) =>
  (await srv.call('GET', '/api/music/quota', undefined, headers)).body.data;
const row = async (id: string) => (await db().select().from(songs).where(eq(songs.taskId, id)))[0];
// The worker is one per runtime, built at start-up: these tests stop it and start it again.
const stopWorker = () => srv.runtime.jobs.music.stop();
const startMusicWorker = (rt: TestServer['runtime']) => rt.jobs.music.start();

describe('song tasks', () => {
  it('fails a task past its deadline and refunds it exactly once, to the pocket it came from', async () => {
    stopWorker();
    const u = await createUserWithToken(srv, 'late@example.com');
    await db().update(users).set({ compositionsLeft: 1 }).where(eq(users.id, u.id));
    const free = (await srv.call('POST', '/api/music/submit', inspiration('免费的一首'), u.headers)).body.data.id;
    const paid = (await srv.call('POST', '/api/music/submit', inspiration('付费的一首'), u.headers)).body.data.id;
    expect(await quota(u.headers)).toMatchObject({ freeLeft: 0, balance: 0 });
    expect((await row(free))?.charge).toBe('free');
    expect((await row(paid))?.charge).toBe('paid');

    const socket = await openSocket(srv.url, { taskId: paid, token: u.token });
    await db()
      .update(songs)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(songs.userId, u.id));
    expect(await failOverdueSongs(srv.runtime)).toBe(2);
    await socket.next((m) => (m as { data?: { status?: number } }).data?.status === 11);
    socket.ws.close();
    expect(await quota(u.headers)).toMatchObject({ freeLeft: 1, balance: 1 });
    const failed = await row(paid);
    expect(failed).toMatchObject({ status: 11, error: 'timed out' });
    expect(failed?.refundedAt).toBeInstanceOf(Date);

    // Later attempts to fail it again (another process, a late provider error) change nothing.
    expect(await failOverdueSongs(srv.runtime)).toBe(0);
    expect(await failSong(srv.runtime, failed?.id ?? 0, 'again')).toBe(false);
    expect(await quota(u.headers)).toMatchObject({ freeLeft: 1, balance: 1 });
    const detail = (await srv.call('GET', `/api/music/detail?id=${paid}`, undefined, u.headers)).body.data;
    expect(detail.status).toBe(11);
    startMusicWorker(srv.runtime);
  });

  it('resumes a task whose worker died once its lease runs out, and leaves a live lease alone', async () => {
    stopWorker();
    const u = await createUserWithToken(srv, 'resume@example.com');
    const id = (await srv.call('POST', '/api/music/submit', inspiration('深夜的城市'), u.headers)).body.data.id;
    // A worker that claimed it and died: composing, lease still running.
    await db()
      .update(songs)
      .set({ status: 2, progress: 40, claimToken: 'dead', leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(songs.taskId, id));
    expect(await claimSong(srv.runtime)).toBeNull();
    await db()
      .update(songs)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(songs.taskId, id));
    startMusicWorker(srv.runtime);
    const song = await waitForSong(srv, id, u.headers);
    expect(song.status).toBe(10);
    const done = await row(id);
    expect(done?.attempts).toBe(1);
    expect(done?.claimToken).toBeNull();
  });

  it('drops the work of a task that was taken away mid-run', async () => {
    stopWorker();
    const u = await createUserWithToken(srv, 'lost@example.com');
    const id = (await srv.call('POST', '/api/music/submit', inspiration('被抢走的一首'), u.headers)).body.data.id;
    const claim = await claimSong(srv.runtime);
    expect(claim?.song.taskId).toBe(id);
    // Another worker takes over (as after an expired lease) before this one finishes.
    await db().update(songs).set({ claimToken: 'someone-else' }).where(eq(songs.taskId, id));
    const { runSong } = await import('../../../src/server/services/music/worker');
    if (claim) await runSong(srv.runtime, claim, new AbortController().signal);
    const after = await row(id);
    expect(after?.status).toBe(2);
    expect(after?.audioUrl).toBeNull();
    await db()
      .update(songs)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(songs.taskId, id));
    startMusicWorker(srv.runtime);
    expect((await waitForSong(srv, id, u.headers)).status).toBe(10);
  });
});

describe('lyrics and the contract', () => {
  it('writes lyrics for a description in the request language', async () => {
    const u = await createUserWithToken(srv, 'lyricist@example.com');
    const zh = await srv.call('POST', '/api/music/lyrics', { prompt: '关于星空和远方' }, u.headers);
    expect(zh.body.data.lyrics).toContain('[副歌]');
    expect(zh.body.data.lyrics).toContain('星空');
    const en = await srv.call(
      'POST',
      '/api/music/lyrics',
      { prompt: 'rain in the city' },
      {
        ...u.headers,
        cookie: 'lang=en-US',
      },
    );
    expect(en.body.data.lyrics).toContain('[Chorus]');
    expect((await srv.call('POST', '/api/music/lyrics', { prompt: 'x' })).body.code).toBe(1000001);
  });

  it('documents every music route with bounded string inputs', async () => {
    const doc = (await srv.call('GET', '/api/openapi.json')).body;
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/music/'));
    expect(paths.sort()).toEqual(
      ['delete', 'detail', 'download', 'list/mine', 'list/public', 'lyrics', 'quota', 'submit', 'visibility'].map(
        (p) => `/api/music/${p}`,
      ),
    );
    const body = doc.paths['/api/music/submit'].post.requestBody.content['application/json'].schema.properties;
    for (const field of ['prompt', 'title', 'tags', 'lyrics']) expect(body[field].maxLength).toBeGreaterThan(0);
  });
});
