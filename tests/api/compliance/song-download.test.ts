// A downloaded song's explicit labels: 'AI生成' in its file name (RFC 5987 filename*), and the
// console's optional tone before the music; the implicit ID3 record stays in the file.
import { parse } from 'content-disposition';
import { eq } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTotp } from '../../../src/server/db/schema';
import { codeFor, makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { createUserWithToken, type TestServer } from '../helpers';
import { giveCompositions, inspiration, startMusicServer, waitForSong } from '../music/music-helpers';

let srv: TestServer;
let admin: Staff;

beforeAll(async () => {
  srv = await startMusicServer();
  admin = await makeStaff(srv, 'tone-admin@example.com', 'admin');
}, 120_000);
afterAll(() => srv?.dispose());

async function setTone(on: boolean) {
  await srv.runtime.database.db.update(adminTotp).set({ lastStep: null }).where(eq(adminTotp.userId, admin.id));
  const res = await srv.call(
    'POST',
    '/api/admin/settings',
    { values: { SONG_DOWNLOAD_TONE: on }, requestId: requestId(), code: await codeFor(srv, admin.id) },
    { cookie: admin.cookie },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const aigcOf = async (bytes: Buffer) => {
  const tags = await parseBuffer(bytes, { mimeType: 'audio/mpeg' }, { duration: true });
  const aigc = Object.values(tags.native)
    .flat()
    .find((t) => t.id === 'TXXX:AIGC');
  return { record: JSON.parse(aigc?.value as string), duration: tags.format.duration ?? 0 };
};

describe('downloading a song', () => {
  it("names the file with 'AI生成', adds the tone only when the console says so, keeps the ID3 record", async () => {
    const u = await createUserWithToken(srv, 'song-download@example.com');
    await giveCompositions(srv, u.id, 1);
    const submitted = await srv.call('POST', '/api/music/submit', inspiration('一首关于秋天的民谣'), u.headers);
    expect(submitted.body.code, JSON.stringify(submitted.body)).toBe(1000000);
    const song = await waitForSong(srv, submitted.body.data.id, u.headers, 60_000);
    const stored = Buffer.from(await (await fetch(srv.url + song.audioUrl)).arrayBuffer());

    const res = await fetch(`${srv.url}/api/music/download?id=${song.id}`, { headers: u.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toContain("filename*=UTF-8''");
    expect(parse(disposition)).toMatchObject({
      type: 'attachment',
      parameters: { filename: `${song.title} (AI生成).mp3` },
    });
    const plain = Buffer.from(await res.arrayBuffer());
    expect(plain.equals(stored)).toBe(true);

    await setTone(true);
    const toned = Buffer.from(
      await (await fetch(`${srv.url}/api/music/download?id=${song.id}`, { headers: u.headers })).arrayBuffer(),
    );
    expect(toned.length).toBeGreaterThan(stored.length);
    const before = await aigcOf(stored);
    const after = await aigcOf(toned);
    expect(after.record).toEqual(before.record);
    expect(after.record.ProduceID).toBe(song.id);
    // The tone is 0.3 s (the encoder's padding adds a frame or two).
    expect(after.duration - before.duration).toBeGreaterThan(0.25);
    expect(after.duration - before.duration).toBeLessThan(0.45);

    // An unlabelled download the console allows: the song as stored, no tone, no label in its name.
    await srv.runtime.database.db.update(adminTotp).set({ lastStep: null }).where(eq(adminTotp.userId, admin.id));
    const allowed = await srv.call(
      'POST',
      '/api/admin/unlabelled',
      { kind: 'song', itemId: song.id, reason: '用户申请', code: await codeFor(srv, admin.id) },
      { cookie: admin.cookie },
    );
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    const clean = await fetch(srv.url + allowed.body.data.url);
    expect(parse(clean.headers.get('content-disposition') ?? '').parameters.filename).toBe(`${song.title}.mp3`);
    expect(Buffer.from(await clean.arrayBuffer()).equals(stored)).toBe(true);
    expect((await fetch(srv.url + allowed.body.data.url)).status).toBe(404);
    await setTone(false);
  }, 120_000);

  it("answers 404 for another person's private song, and for a visitor", async () => {
    const owner = await createUserWithToken(srv, 'song-private@example.com');
    await giveCompositions(srv, owner.id, 1);
    const submitted = await srv.call('POST', '/api/music/submit', inspiration('雨夜的钢琴曲'), owner.headers);
    const song = await waitForSong(srv, submitted.body.data.id, owner.headers, 60_000);
    const other = await createUserWithToken(srv, 'song-other@example.com');
    for (const headers of [other.headers, {}]) {
      const res = await srv.call('GET', `/api/music/download?id=${song.id}`, undefined, headers);
      expect(res.status).toBe(404);
      expect(res.body.result).toBeTruthy();
    }
    const bad = await srv.call('GET', '/api/music/download?id=../../etc', undefined, owner.headers);
    expect(bad.status).toBe(400);
  }, 120_000);
});
