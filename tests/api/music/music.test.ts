import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songs, users } from '../../../src/server/db/schema';
import { readId3 } from '../../../src/server/providers/music/mp3';
import { createUserWithToken, type TestServer } from '../helpers';
import { openSocket } from '../socket-helpers';
import { inspiration, startMusicServer, waitForSong } from './music-helpers';

let srv: TestServer;
beforeAll(async () => {
  srv = await startMusicServer();
});
afterAll(() => srv?.dispose());

const give = (id: number, n: number) =>
  srv.runtime.database.db.update(users).set({ compositionsLeft: n }).where(eq(users.id, id));
const balance = async (id: number) =>
  (await srv.runtime.database.db.select().from(users).where(eq(users.id, id)))[0]?.compositionsLeft;

describe('composing a song offline', () => {
  it('pushes progress to the owner, finishes, and serves an MP3 with seeking and the AI label', async () => {
    const u = await createUserWithToken(srv, 'composer@example.com');
    const submitted = await srv.call(
      'POST',
      '/api/music/submit',
      inspiration('一首关于夏天海边的欢快流行歌'),
      u.headers,
    );
    expect(submitted.body.code, JSON.stringify(submitted.body)).toBe(1000000);
    const song = submitted.body.data;
    expect(song).toMatchObject({ status: 1, mine: true, label: 'AI生成', isPublic: false });
    expect(song.id).toMatch(/^song_/);

    const socket = await openSocket(srv.url, { taskId: song.id, token: u.token });
    const done = (await socket.next((m) => (m as { data?: { status?: number } }).data?.status === 10, 20_000)) as {
      code: number;
      data: { id: string; progress: number };
    };
    expect(done).toMatchObject({ code: 1000000, data: { id: song.id, progress: 100 } });
    const statuses = socket.messages.map((m) => (m as { data?: { status?: number } }).data?.status).filter(Boolean);
    expect(statuses).toEqual(expect.arrayContaining([2, 3, 10]));
    socket.ws.close();

    const finished = await waitForSong(srv, song.id, u.headers);
    // A private song: its owner gets signed URLs.
    expect(finished.audioUrl).toMatch(/^\/files\/songs\/\d+\/[a-f0-9]+\.mp3\?e=\d+&s=[\w-]{32}$/);
    expect(finished.coverUrl).toMatch(/^\/files\/songs\/\d+\/[a-f0-9]+\.webp\?e=\d+&s=[\w-]{32}$/);
    expect(finished.duration).toBeGreaterThan(20);
    expect(finished.lyrics).toContain('夏天');
    expect(finished.meta).toMatchObject({ mood: 'happy', style: 'pop' });

    const audio = await fetch(srv.url + finished.audioUrl);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect(audio.headers.get('accept-ranges')).toBe('bytes');
    const bytes = Buffer.from(await audio.arrayBuffer());
    expect(bytes.length).toBeLessThan(600_000);
    expect(readId3(bytes)).toMatchObject({ COMM: 'AI生成', TXXX: 'AI生成', TIT2: finished.title });
    const mid = Math.floor(bytes.length / 2);
    const part = await fetch(srv.url + finished.audioUrl, { headers: { range: `bytes=${mid}-${mid + 99}` } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${mid}-${mid + 99}/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(mid, mid + 100));
    const cover = await fetch(srv.url + finished.coverUrl);
    expect(cover.headers.get('content-type')).toBe('image/webp');
  });

  it('is deterministic: the same request gives the same file', async () => {
    const u = await createUserWithToken(srv, 'twice@example.com');
    await give(u.id, 5);
    const body = {
      mode: 'custom',
      title: '雨夜',
      tags: 'lofi, piano',
      lyrics: '[主歌]\n雨落在窗前\n灯火慢慢暗\n[副歌]\n我在等你回来',
    };
    const hashes: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await srv.call('POST', '/api/music/submit', body, u.headers);
      const song = await waitForSong(srv, res.body.data.id, u.headers);
      expect(song.status).toBe(10);
      expect(song.meta.style).toBe('lofi');
      const bytes = Buffer.from(await (await fetch(srv.url + song.audioUrl)).arrayBuffer());
      hashes.push(createHash('sha256').update(bytes).digest('hex'));
    }
    expect(hashes[0]).toBe(hashes[1]);
  });
});

describe('composition quota', () => {
  it('uses today’s free composition first, then bought ones, then says where to buy more', async () => {
    const u = await createUserWithToken(srv, 'quota@example.com');
    await give(u.id, 1);
    const before = (await srv.call('GET', '/api/music/quota', undefined, u.headers)).body.data;
    expect(before).toMatchObject({ balance: 1, freeLimit: 1, freeLeft: 1, total: 2, cost: 1 });
    for (let i = 0; i < 2; i++) {
      const res = await srv.call('POST', '/api/music/submit', inspiration(`第 ${i} 首`), u.headers);
      expect(res.body.code).toBe(1000000);
    }
    expect(await balance(u.id)).toBe(0);
    const refused = await srv.call('POST', '/api/music/submit', inspiration('还想要一首'), u.headers);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ code: 429, data: { link: '/product?type=4', quota: { total: 0 } } });
    expect(refused.body.result).toContain('作曲包');
  });

  it('never overdraws under concurrent submits', async () => {
    const u = await createUserWithToken(srv, 'race@example.com');
    await give(u.id, 3);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => srv.call('POST', '/api/music/submit', inspiration(`并发 ${i}`), u.headers)),
    );
    const accepted = results.filter((r) => r.body.code === 1000000).length;
    expect(accepted).toBe(4);
    expect(results.filter((r) => r.body.code === 429)).toHaveLength(6);
    expect(await balance(u.id)).toBe(0);
    const quota = (await srv.call('GET', '/api/music/quota', undefined, u.headers)).body.data;
    expect(quota).toMatchObject({ balance: 0, freeUsed: 1, total: 0 });
  });

  it('needs a login', async () => {
    const res = await srv.call('POST', '/api/music/submit', inspiration('匿名'));
    expect(res.body.code).toBe(1000001);
  });

  it('rejects a submit without a description or lyrics, without charging', async () => {
    const u = await createUserWithToken(srv, 'empty@example.com');
    expect((await srv.call('POST', '/api/music/submit', inspiration('  '), u.headers)).body.code).toBe(400);
    const custom = await srv.call('POST', '/api/music/submit', { mode: 'custom', title: 'x' }, u.headers);
    expect(custom.body.code).toBe(400);
    expect((await srv.call('GET', '/api/music/quota', undefined, u.headers)).body.data.freeLeft).toBe(1);
  });
});

describe('owner checks', () => {
  // A fresh server: the offline composer takes seconds a song, and the songs queued above would hold this one back.
  beforeAll(async () => {
    await srv.dispose();
    srv = await startMusicServer();
  });

  it('keeps private songs, their pushes and their controls to the owner', async () => {
    const owner = await createUserWithToken(srv, 'owner@example.com');
    const other = await createUserWithToken(srv, 'other@example.com');
    const id = (await srv.call('POST', '/api/music/submit', inspiration('安静的夜'), owner.headers)).body.data.id;
    const spy = await openSocket(srv.url, { taskId: id, token: other.token });
    expect((await spy.closed).code).toBe(4403);
    const song = await waitForSong(srv, id, owner.headers);
    for (const headers of [other.headers, {}]) {
      expect((await srv.call('GET', `/api/music/detail?id=${id}`, undefined, headers)).status).toBe(404);
    }
    expect((await srv.call('POST', '/api/music/delete', { id }, other.headers)).status).toBe(404);
    expect((await srv.call('POST', '/api/music/visibility', { id, isPublic: true }, other.headers)).status).toBe(404);
    const publicList = (await srv.call('POST', '/api/music/list/public', {})).body.data;
    expect(publicList.records.map((s: { id: string }) => s.id)).not.toContain(id);

    const made = await srv.call('POST', '/api/music/visibility', { id, isPublic: true }, owner.headers);
    expect(made.body.data.isPublic).toBe(true);
    const seen = await srv.call('GET', `/api/music/detail?id=${id}`);
    expect(seen.body.data).toMatchObject({ id, mine: false, title: song.title });
    const listed = (await srv.call('POST', '/api/music/list/public', { pageSize: 50 })).body.data;
    expect(listed.records.map((s: { id: string }) => s.id)).toContain(id);
    const mine = (await srv.call('POST', '/api/music/list/mine', {}, other.headers)).body.data;
    expect(mine.records.map((s: { id: string }) => s.id)).not.toContain(id);

    const deleted = await srv.call('POST', '/api/music/delete', { id }, owner.headers);
    expect(deleted.body.code).toBe(1000400);
    expect((await fetch(srv.url + song.audioUrl)).status).toBe(404);
    expect((await srv.call('GET', `/api/music/detail?id=${id}`, undefined, owner.headers)).status).toBe(404);
  });

  it('refuses to delete a song that is still composing', async () => {
    const u = await createUserWithToken(srv, 'hasty@example.com');
    const id = (await srv.call('POST', '/api/music/submit', inspiration('快节奏'), u.headers)).body.data.id;
    await srv.runtime.database.db.update(songs).set({ status: 2 }).where(eq(songs.taskId, id));
    const res = await srv.call('POST', '/api/music/delete', { id }, u.headers);
    expect(res.body.code).toBe(400);
  });
});
