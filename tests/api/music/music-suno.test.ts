import { parseBuffer } from 'music-metadata';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sunoPhase } from '../../../src/server/providers/music/suno';
import { createUserWithToken, type TestServer } from '../helpers';
import { openSocket } from '../socket-helpers';
import { startFakeSuno } from './fake-suno';
import { inspiration, startMusicServer, waitForSong } from './music-helpers';

let suno: Awaited<ReturnType<typeof startFakeSuno>>;
let srv: TestServer;
beforeAll(async () => {
  suno = await startFakeSuno();
  srv = await startMusicServer({ MUSIC_PROVIDER: 'suno', SUNO_API_URL: suno.url, SUNO_API_KEY: 'sk-test' });
});
afterAll(async () => {
  await srv?.dispose();
  await suno?.close();
});

describe('suno-api adapter', () => {
  it('maps suno-api statuses to ours', () => {
    expect(['submitted', 'queued', 'streaming', 'complete', 'error', undefined].map(sunoPhase)).toEqual([
      'composing',
      'composing',
      'rendering',
      'done',
      'failed',
      'composing',
    ]);
  });

  it('generates, polls get?ids= through to complete, and re-hosts audio and cover in our storage', async () => {
    const u = await createUserWithToken(srv, 'suno@example.com');
    const res = await srv.call('POST', '/api/music/submit', inspiration('synthwave night drive'), u.headers);
    expect(res.body.data.provider).toBe('suno');
    const socket = await openSocket(srv.url, { taskId: res.body.data.id, token: u.token });
    const song = await waitForSong(srv, res.body.data.id, u.headers);
    await socket.next((m) => (m as { data?: { status?: number } }).data?.status === 10);
    const statuses = socket.messages.map((m) => (m as { data?: { status?: number } }).data?.status).filter(Boolean);
    expect(statuses).toEqual(expect.arrayContaining([3, 10]));
    socket.ws.close();

    expect(song).toMatchObject({ status: 10, title: 'Suno Song', tags: 'synthwave', duration: 123.4, label: 'AI生成' });
    const generate = suno.calls.find((c) => c.path === '/api/generate');
    expect(generate?.body).toMatchObject({
      prompt: 'synthwave night drive',
      make_instrumental: false,
      wait_audio: false,
    });
    expect(generate?.authorization).toBe('Bearer sk-test');
    expect(suno.calls.filter((c) => c.path === '/api/get').length).toBeGreaterThanOrEqual(4);
    // Re-hosted under the song's own folder; the owner's URL is signed while the song is not public.
    expect(song.audioUrl).toMatch(/^\/files\/songs\/\d+\/[a-f0-9]+\.mp3(\?e=\d+&s=[\w-]+)?$/);
    expect(song.coverUrl).toMatch(/^\/files\/songs\/\d+\/[a-f0-9]+\.webp(\?e=\d+&s=[\w-]+)?$/);
    const audio = await fetch(srv.url + song.audioUrl);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    // Suno's sound as it came; its ID3 tag now carries the implicit AI label (read by music-metadata).
    const stored = Buffer.from(await audio.arrayBuffer());
    const sound = suno.audio.subarray(10);
    expect(stored.subarray(stored.length - sound.length)).toEqual(sound);
    const tags = await parseBuffer(stored, { mimeType: 'audio/mpeg' });
    const aigc = Object.values(tags.native)
      .flat()
      .find((t) => t.id === 'TXXX:AIGC');
    expect(JSON.parse(aigc?.value as string)).toMatchObject({ Label: '1', ProduceID: song.id });
    // The cover is decoded and stored as WebP, as the pages show it.
    const cover = await sharp(Buffer.from(await (await fetch(srv.url + song.coverUrl)).arrayBuffer())).metadata();
    expect(cover).toMatchObject({ format: 'webp', width: 64, height: 64 });
  });

  it('sends custom songs to custom_generate with lyrics, style and title', async () => {
    const u = await createUserWithToken(srv, 'suno-custom@example.com');
    const body = {
      mode: 'custom',
      title: '海风',
      tags: 'folk, guitar',
      lyrics: '[Verse]\n海风吹',
      instrumental: false,
    };
    const res = await srv.call('POST', '/api/music/submit', body, u.headers);
    const song = await waitForSong(srv, res.body.data.id, u.headers);
    expect(song).toMatchObject({ status: 10, title: '海风', tags: 'folk, guitar', lyrics: '[Verse]\n海风吹' });
    const call = suno.calls.find((c) => c.path === '/api/custom_generate');
    expect(call?.body).toMatchObject({
      prompt: '[Verse]\n海风吹',
      tags: 'folk, guitar',
      title: '海风',
      make_instrumental: false,
    });
  });

  it('fails the song and refunds its composition when suno-api reports an error', async () => {
    const u = await createUserWithToken(srv, 'suno-fail@example.com');
    const res = await srv.call('POST', '/api/music/submit', inspiration('please FAIL'), u.headers);
    expect((await srv.call('GET', '/api/music/quota', undefined, u.headers)).body.data.freeLeft).toBe(0);
    const song = await waitForSong(srv, res.body.data.id, u.headers);
    expect(song.status).toBe(11);
    expect((await srv.call('GET', '/api/music/quota', undefined, u.headers)).body.data.freeLeft).toBe(1);
  });

  it('fails and refunds a song whose audio is no audio, or whose cover cannot be fetched', async () => {
    const u = await createUserWithToken(srv, 'suno-files@example.com');
    for (const prompt of ['BADAUDIO tune', 'GONECOVER tune']) {
      const res = await srv.call('POST', '/api/music/submit', inspiration(prompt), u.headers);
      const song = await waitForSong(srv, res.body.data.id, u.headers);
      expect(song).toMatchObject({ status: 11, audioUrl: null, coverUrl: null });
      expect((await srv.call('GET', '/api/music/quota', undefined, u.headers)).body.data.freeLeft).toBe(1);
    }
  });

  it('asks generate_lyrics for the lyrics helper', async () => {
    const u = await createUserWithToken(srv, 'suno-lyrics@example.com');
    const res = await srv.call('POST', '/api/music/lyrics', { prompt: 'the sea' }, u.headers);
    expect(res.body.data).toEqual({ title: 'Suno Lyrics', lyrics: '[Verse]\nlyrics about the sea' });
  });
});
