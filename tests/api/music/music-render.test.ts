// The offline composer's output: progress pushes, the MP3 with seeking and its AI label, and the same file
// for the same request. Rendering does not depend on the database, so this file runs on PGlite only
// (vitest.config.ts); quota and owner checks run on both databases (music.test.ts), pushes over
// PostgreSQL's NOTIFY in push.test.ts.
import { createHash } from 'node:crypto';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readId3 } from '../../../src/server/providers/music/mp3';
import { createUserWithToken, type TestServer } from '../helpers';
import { openSocket } from '../socket-helpers';
import { giveCompositions, inspiration, startMusicServer, waitForSong } from './music-helpers';

let srv: TestServer;
beforeAll(async () => {
  srv = await startMusicServer();
});
afterAll(() => srv?.dispose());

const give = (id: number, n: number) => giveCompositions(srv, id, n);

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
    // The implicit label names the operator (the environment's default here) and the song.
    const tags = await parseBuffer(bytes, { mimeType: 'audio/mpeg' });
    const aigc = Object.values(tags.native)
      .flat()
      .find((t) => t.id === 'TXXX:AIGC');
    expect(JSON.parse(aigc?.value as string)).toMatchObject({
      Label: '1',
      ContentProducer: '妙笔 Miaobi',
      ProduceID: song.id,
      ContentPropagator: '妙笔 Miaobi',
      PropagateID: song.id,
    });
    const mid = Math.floor(bytes.length / 2);
    const part = await fetch(srv.url + finished.audioUrl, { headers: { range: `bytes=${mid}-${mid + 99}` } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${mid}-${mid + 99}/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(mid, mid + 100));
    const cover = await fetch(srv.url + finished.coverUrl);
    expect(cover.headers.get('content-type')).toBe('image/webp');
  });

  it('is deterministic: the same request gives the same file, but for the song id in its label', async () => {
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
      // The AIGC frame holds the song's own id (twice, UTF-16): the rest must be the same bytes.
      const id = Buffer.from(song.id, 'utf16le');
      let found = 0;
      for (let at = bytes.indexOf(id); at >= 0; at = bytes.indexOf(id, at), found++)
        Buffer.alloc(id.length).copy(bytes, at);
      expect(found).toBe(2);
      hashes.push(createHash('sha256').update(bytes).digest('hex'));
    }
    expect(hashes[0]).toBe(hashes[1]);
  });
});
