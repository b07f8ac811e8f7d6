// Private files (drawings, songs) are served only through the signed URLs the
// API gives their owner; public ones to anyone, cached for good.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../../../src/server/log';
import { startServer } from '../../../src/server/server';
import { DRAW_TEST_ENV, submit, waitForStatus } from '../drawing/draw-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { inspiration, waitForSong } from '../music/music-helpers';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ ...DRAW_TEST_ENV, MUSIC_POLL_MS: '100' });
});
afterAll(() => srv?.dispose());

const get = (url: string, headers: Record<string, string> = {}) => fetch(srv.url + url, { headers });
const bare = (url: string) => url.split('?')[0] ?? url;
const maxAge = (res: Response) => Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1]);

describe('private drawings', () => {
  it('serves a private picture only by the owner’s signed URL, privately cached; never by its bare URL', async () => {
    const owner = await createUserWithToken(srv, 'private-drawer@example.com');
    const other = await createUserWithToken(srv, 'curious@example.com');
    const task = await submit(srv, owner.headers, { prompt: '私密的花园', drawPublicFlag: 2 });
    const done = await waitForStatus(srv, owner.headers, task.id);
    expect(done.status).toBe(10);
    expect(done.imageUrl).toMatch(/^\/files\/drawings\/\d{6}\/[a-z0-9]+\.webp\?e=\d+&s=[\w-]{32}$/);

    const own = await get(done.imageUrl);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/webp');
    expect(own.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(maxAge(own)).toBeGreaterThan(3000);
    expect(maxAge(own)).toBeLessThanOrEqual(3600 + 600);
    const thumb = await get(done.thumbnailsUrl);
    expect(thumb.status).toBe(200);
    const part = await get(done.imageUrl, { range: 'bytes=0-9' });
    expect(part.status).toBe(206);

    // Without a signature, with a forged one, or with another file's: 404, and nothing cacheable.
    const [path, query] = done.imageUrl.split('?');
    const thumbSig = new URLSearchParams(done.thumbnailsUrl.split('?')[1]).get('s');
    const expiry = new URLSearchParams(query).get('e');
    for (const url of [
      path,
      `${path}?e=${expiry}&s=${'A'.repeat(32)}`,
      `${path}?e=${expiry}&s=${thumbSig}`,
      `${path}?e=${Number(expiry) + 600}&s=${new URLSearchParams(query).get('s')}`,
      bare(done.thumbnailsUrl),
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('cache-control') ?? '').not.toContain('immutable');
    }
    // Another user is told the task does not exist, so never learns a URL.
    expect((await srv.call('POST', '/api/sd/task', { id: task.id }, other.headers)).status).toBe(404);
    const square = await srv.call('POST', '/api/sd/list/picture', { pageNum: 1, pageSize: 30 });
    expect(JSON.stringify(square.body.data)).not.toContain(task.id);
  });

  it('serves a public picture to anyone by its bare URL, cached for good, and the owner gets that URL', async () => {
    const owner = await createUserWithToken(srv, 'public-drawer@example.com');
    const task = await submit(srv, owner.headers, { prompt: '公开的山川', drawPublicFlag: 1 });
    const done = await waitForStatus(srv, owner.headers, task.id);
    expect(done.imageUrl).toMatch(/^\/files\/drawings\/\d{6}\/[a-z0-9]+\.webp$/);
    const res = await get(done.imageUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get(done.thumbnailsUrl)).status).toBe(200);
  });
});

describe('private songs', () => {
  it('stops serving a song’s audio and cover by their old URLs as soon as it is made private', async () => {
    const owner = await createUserWithToken(srv, 'singer@example.com');
    const submitted = await srv.call(
      'POST',
      '/api/music/submit',
      inspiration('公开的晨曲', { isPublic: true }),
      owner.headers,
    );
    expect(submitted.body.code, JSON.stringify(submitted.body)).toBe(1000000);
    const song = await waitForSong(srv, submitted.body.data.id, owner.headers);
    expect(song).toMatchObject({ status: 10, isPublic: true });
    expect(song.audioUrl).toMatch(/^\/files\/songs\/\d+\/[a-f0-9]+\.mp3$/);
    const open = await get(song.audioUrl);
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get(song.coverUrl)).status).toBe(200);

    const hidden = await srv.call('POST', '/api/music/visibility', { id: song.id, isPublic: false }, owner.headers);
    expect(hidden.body.data.isPublic).toBe(false);
    for (const url of [song.audioUrl, song.coverUrl]) expect((await get(url)).status, url).toBe(404);
    expect((await srv.call('GET', `/api/music/detail?id=${song.id}`)).status).toBe(404);

    // The owner still plays it, through the signed URLs the API now gives.
    const mine = (await srv.call('GET', `/api/music/detail?id=${song.id}`, undefined, owner.headers)).body.data;
    expect(bare(mine.audioUrl)).toBe(song.audioUrl);
    expect(mine.audioUrl).not.toBe(song.audioUrl);
    const played = await get(mine.audioUrl, { range: 'bytes=0-99' });
    expect(played.status).toBe(206);
    expect(played.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect((await get(mine.coverUrl)).status).toBe(200);

    // Public again: the bare URLs answer again.
    await srv.call('POST', '/api/music/visibility', { id: song.id, isPublic: true }, owner.headers);
    expect((await get(song.audioUrl)).status).toBe(200);
  });
});

describe.skipIf(!inject('postgresUrl'))('several processes', () => {
  it('agree on signatures and forget a file made private at once', async () => {
    // A second process on the same PostgreSQL and DATA_DIR.
    const other = await startServer({ ...srv.runtime.env, PORT: 0 }, createLogger('silent'));
    try {
      const owner = await createUserWithToken(srv, 'two-processes@example.com');
      const body = inspiration('两台机器的歌', { isPublic: true });
      const id = (await srv.call('POST', '/api/music/submit', body, owner.headers)).body.data.id;
      const song = await waitForSong(srv, id, owner.headers);
      // The other process has looked the file up, and once it listens for changes, cached the answer.
      expect((await fetch(other.url + song.audioUrl)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect((await fetch(other.url + song.audioUrl)).status).toBe(200);
      await srv.call('POST', '/api/music/visibility', { id, isPublic: false }, owner.headers);
      await expect.poll(async () => (await fetch(other.url + song.audioUrl)).status, { timeout: 2000 }).toBe(404);
      const mine = (await srv.call('GET', `/api/music/detail?id=${id}`, undefined, owner.headers)).body.data;
      expect((await fetch(other.url + mine.audioUrl)).status).toBe(200);
    } finally {
      await other.stop(2000);
    }
  });
});
